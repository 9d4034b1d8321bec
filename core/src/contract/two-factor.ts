// Two-factor sign-in (issue 25, decision 0113): TOTP per RFC 6238 with an authenticator app, ten single-use recovery
// codes, a trusted device for 30 days, and the company's / platform's requirement. Shared by the API and the PWA.
import { z } from "zod";
import type { LoginResponse } from "./auth.ts";

/** Digits of a code an authenticator app shows (RFC 6238 with SHA-1, 30 s steps). */
export const TOTP_DIGITS = 6;
/** Seconds one code lasts. */
export const TOTP_PERIOD_SECONDS = 30;
/** Recovery codes given at enrolment, each usable once. */
export const RECOVERY_CODE_COUNT = 10;
/** How long a device the person chose to trust skips the second step. */
export const TRUSTED_DEVICE_DAYS = 30;
/** How long the second step may take after the password was right. */
export const CHALLENGE_TTL_SECONDS = 300;
/** Wrong codes one challenge survives; the next one ends it and the password must be typed again. */
export const CHALLENGE_MAX_WRONG = 5;
/** The company setting (admins) that requires 2FA of every user of the company. */
export const COMPANY_TWO_FACTOR_SETTING = "requireTwoFactor";
/** The platform setting (super user) that requires 2FA of every admin of the platform (and the super users). */
export const PLATFORM_TWO_FACTOR_SETTING = "requireTwoFactorAdmins";

/** A code as typed: spaces and dashes dropped (apps show "123 456", recovery codes "abcde-fghij"). */
const zTypedCode = z
  .string({ error: "Required" })
  .transform((v) => v.replace(/[\s-]/g, "").toLowerCase())
  .pipe(z.string().min(1, "Required").max(32, "Too Long!"));

export { isChallenge, type LoginAnswer, type TwoFactorChallengeAnswer } from "./two-factor-login.ts";

/** POST /auth/2fa/verify: the second step of a login. */
export const ZTwoFactorVerifyRequestSchema = z.object({
  /** The challenge POST /auth/login answered. */
  challenge: z.string({ error: "Required" }).min(1, "Required").max(200),
  /** A code from the app (6 digits) or one of the recovery codes. */
  code: zTypedCode,
  /** Skip the second step on this browser for 30 days. */
  trustDevice: z.boolean().default(false),
});
export type TTwoFactorVerifyRequest = z.infer<typeof ZTwoFactorVerifyRequestSchema>;

/** POST /auth/2fa/enrol (login's "enrol" step): the challenge alone. */
export const ZChallengeRequestSchema = z.object({
  /** The challenge POST /auth/login answered. */
  challenge: z.string({ error: "Required" }).min(1, "Required").max(200),
});

/** POST /auth/2fa/enrol/confirm (login's "enrol" step). */
export const ZChallengeConfirmRequestSchema = ZChallengeRequestSchema.extend({
  /** The first code the app shows for the new secret. */
  code: zTypedCode,
});

/** POST /two-factor/confirm (signed in): the first code of the new secret. */
export const ZConfirmEnrolmentRequestSchema = z.object({
  /** The first code the app shows for the new secret. */
  code: zTypedCode,
});
export type TConfirmEnrolmentRequest = z.infer<typeof ZConfirmEnrolmentRequestSchema>;

/** POST /two-factor/recovery-codes: a current code (app or recovery) for ten new recovery codes. */
export const ZRenewRecoveryCodesRequestSchema = ZConfirmEnrolmentRequestSchema;

/** POST /two-factor/disable: a current code (or a recovery code), or the account's password. */
export const ZDisableTwoFactorRequestSchema = z
  .object({
    /** A code from the app or a recovery code. */
    code: zTypedCode.optional(),
    /** The account's password, for someone who lost the app and the codes but is signed in. */
    password: z.string().max(200).optional(),
  })
  .refine((v) => Boolean(v.code) || Boolean(v.password), { message: "Required", path: ["code"] });
export type TDisableTwoFactorRequest = z.infer<typeof ZDisableTwoFactorRequestSchema>;

/** A new secret to scan: the otpauth:// URI the QR code carries, and the secret as text (base32). */
export type EnrolmentAnswer = { secret: string; uri: string };

/** The codes shown once after enrolment. */
export type RecoveryCodesAnswer = { recoveryCodes: string[] };

/** The login's enrol step, confirmed: the recovery codes, then the usual tokens. */
export type EnrolledLoginAnswer = RecoveryCodesAnswer & LoginResponse;

/** GET /two-factor: the signed-in user's own state. */
export type TwoFactorStatus = {
  enabled: boolean;
  /** The company or the platform requires it of this user (disable is refused then). */
  required: boolean;
  /** Recovery codes not used yet. */
  recoveryCodesLeft: number;
  /** Browsers trusted for 30 days, still live. */
  trustedDevices: number;
};

/** GET /users/{id}/two-factor (admins): whether a user has it on. */
export type UserTwoFactorAnswer = { enabled: boolean };
