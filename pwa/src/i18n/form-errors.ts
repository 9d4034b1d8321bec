// Turns the contract's validation messages (zod, or core's ERR_VALIDATION `fields`) into
// the texts a form shows under each field: the spec's own messages through the shared
// `validation.*` keys, a screen's other known messages through the keys it names, and
// anything else as it came (spec 1 §8: a raw error is shown when no text exists).
import { PASSWORD_POLICY_MESSAGE } from "@chatflow/core/contract/password-policy.ts";
import { EMAIL_UNAVAILABLE_MESSAGE } from "@chatflow/core/contract/users.ts";
import type { z } from "zod";
import { i18n } from "./i18n.ts";

const SHARED: Record<string, string> = {
  Required: "validation.required",
  "Too Short!": "validation.tooShort",
  "Too Long!": "validation.tooLong",
  [PASSWORD_POLICY_MESSAGE.en]: "validation.passwordPolicy",
  [PASSWORD_POLICY_MESSAGE["pt-BR"]]: "validation.passwordPolicy",
  // Core's neutral refusal of an e-mail another company's user holds (decision 0044).
  [EMAIL_UNAVAILABLE_MESSAGE]: "validation.emailUnavailable",
};

/** One message in the interface language; `known` maps more messages to i18n keys. */
export function validationText(message: string, known: Record<string, string> = {}): string {
  const key = known[message] ?? SHARED[message];
  return key && i18n.exists(key) ? i18n.t(key) : message;
}

/** The first message of each field (by its top-level name, or dotted path for nested ones). */
export function fieldErrors(error: z.ZodError, known: Record<string, string> = {}): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const path = issue.path.map(String).join(".");
    if (!(path in out)) out[path] = validationText(issue.message, known);
  }
  return out;
}

/** Core's field errors (ERR_VALIDATION `fields`), translated the same way. */
export function serverFieldErrors(
  fields: Record<string, string> | undefined,
  known: Record<string, string> = {},
): Record<string, string> {
  return Object.fromEntries(Object.entries(fields ?? {}).map(([k, v]) => [k, validationText(v, known)]));
}
