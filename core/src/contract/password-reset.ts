// Password reset (spec 3 §2 "Password reset (/forgetpsw)", §5, §7 "Signup and password"; decision 0078):
// POST /forgetpsw/{email} mails a one-time code, POST /resetpasswords/{email}/{token}/{newPassword} uses it.
import { z } from "zod";
import { PASSWORD_POLICY_MESSAGE, ZNewPasswordSchema } from "./password-policy.ts";

/** Digits in a reset code (typed by hand from the e-mail). */
export const RESET_CODE_LENGTH = 6;

/** What a wrong, expired, used or worn-out code answers (ERR_VALIDATION on the field token). */
export const RESET_CODE_REFUSED = "Código inválido ou expirado";

const ZEmail = z
  .string({ error: "Obrigatório" })
  .trim()
  .toLowerCase()
  .min(1, "Obrigatório")
  .max(254)
  .email("Invalid email");

export const ZForgotPasswordParamsSchema = z.object({
  /** The account's login e-mail (unique across the platform). */
  email: ZEmail,
});

export const ZResetPasswordParamsSchema = z.object({
  /** The account's login e-mail. */
  email: ZEmail,
  /** The code the e-mail carried. */
  token: z
    .string({ error: "Obrigatório" })
    .trim()
    .regex(new RegExp(`^\\d{${RESET_CODE_LENGTH}}$`), RESET_CODE_REFUSED),
  /** The new password, under the password policy (spec 3 §5's reset rule). */
  newPassword: ZNewPasswordSchema({
    required: "Obrigatório",
    tooLong: "Muito longo!",
    policy: PASSWORD_POLICY_MESSAGE["pt-BR"],
  }),
});
export type TResetPasswordParams = z.infer<typeof ZResetPasswordParamsSchema>;
