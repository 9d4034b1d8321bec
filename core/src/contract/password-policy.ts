// The rule every new password meets (spec 3 §5's password-reset rule, applied to signup,
// users made or changed by an admin, and a user's own profile): at least 8 characters,
// with an uppercase letter, a lowercase letter and a digit; at most 50.
import { z } from "zod";

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 50;

/** The policy's text in the form's language (the users form speaks English, signup Portuguese). */
export const PASSWORD_POLICY_MESSAGE = {
  en: "Password must have at least 8 characters, with an uppercase letter, a lowercase letter and a digit",
  "pt-BR": "A senha deve ter ao menos 8 caracteres, com uma letra maiúscula, uma minúscula e um número",
} as const;

/** True when a password meets the policy (for forms that check before sending). */
export function meetsPasswordPolicy(password: string): boolean {
  return (
    password.length >= PASSWORD_MIN_LENGTH &&
    password.length <= PASSWORD_MAX_LENGTH &&
    /[A-Z]/.test(password) &&
    /[a-z]/.test(password) &&
    /\d/.test(password)
  );
}

/** A new password under the policy, with the form's own "required" and "too long" texts. */
export function ZNewPasswordSchema(texts: { required: string; tooLong: string; policy: string }) {
  return z
    .string({ error: texts.required })
    .min(1, texts.required)
    .max(PASSWORD_MAX_LENGTH, texts.tooLong)
    .refine((p) => p.length === 0 || p.length > PASSWORD_MAX_LENGTH || meetsPasswordPolicy(p), texts.policy);
}
