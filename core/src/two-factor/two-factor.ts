// Use cases of two-factor sign-in (decision 0113): enrol (a pending secret, confirmed by its first code, then ten
// recovery codes), check a code at sign-in (a TOTP code once per time step, or an unused recovery code), turn it
// off (a code or the password), an admin's reset, and what the login's second step must be.
import { randomBytes } from "node:crypto";
import type pg from "pg";
import { type AuditActor, recordAudit } from "../audit/record-audit.ts";
import type { Actor } from "../auth/authenticate.ts";
import type { EnrolmentAnswer, TwoFactorStatus } from "../contract/two-factor.ts";
import { userNotFound, wrongState } from "../kernel/errors.ts";
import type { Limit } from "../kernel/rate-limit.ts";
import { getPlatformSetting } from "../settings/platform-settings.ts";
import type { ChallengeKind } from "./challenges.ts";
import { recoveryCodesLeft, replaceRecoveryCodes, useRecoveryCode } from "./recovery-codes.ts";
import { open, seal } from "./secret-box.ts";
import { base32Encode, matchTotp, otpauthUri } from "./totp.ts";
import { forgetTrustedDevices, isTrustedDevice, trustedDeviceCount } from "./trusted-devices.ts";
import { authorizeTwoFactorReset, isTwoFactorRequired } from "./two-factor-policy.ts";

/** Code guesses one user may make per window, over every challenge and the signed-in calls (a success clears it). */
export const CODE_GUESSES_PER_USER: Limit = { max: 10, windowSeconds: 900 };
export const guessKey = (userId: number) => `2fa:user:${userId}`;

export type FactorUser = { id: number; companyId: number; name: string; email: string };

type FactorRow = { secret: string | null; pending: string | null; lastStep: string };

async function factorRow(db: pg.Pool | pg.ClientBase, user: { id: number; companyId: number }, lock = false) {
  const { rows } = await db.query<FactorRow>(
    `SELECT secret, pending_secret AS pending, last_step AS "lastStep" FROM user_two_factor
     WHERE user_id = $1 AND company_id = $2${lock ? " FOR UPDATE" : ""}`,
    [user.id, user.companyId],
  );
  return rows[0] ?? null;
}

export async function isTwoFactorEnabled(db: pg.Pool | pg.ClientBase, user: { id: number; companyId: number }) {
  return Boolean((await factorRow(db, user))?.secret);
}

/**
 * What the login's second step is for a user whose password was right: a code when they have 2FA on (unless this
 * browser is a trusted device of theirs), enrolment when it is required of them and they have none, else none.
 */
export async function secondStepFor(
  db: pg.Pool,
  user: FactorUser & { profile: string; super: boolean },
  trustedDeviceToken: string | undefined,
): Promise<ChallengeKind | null> {
  if (await isTwoFactorEnabled(db, user)) return (await isTrustedDevice(db, user, trustedDeviceToken)) ? null : "code";
  return (await isTwoFactorRequired(db, user)) ? "enrol" : null;
}

/** A new secret to scan, kept pending (sealed) until its first code confirms it; a second start replaces it. */
export async function startEnrolment(
  db: pg.Pool | pg.ClientBase,
  key: Buffer,
  user: FactorUser,
): Promise<EnrolmentAnswer> {
  const row = await factorRow(db, user);
  if (row?.secret) throw wrongState("Two-factor sign-in is already on");
  const secret = randomBytes(20);
  await db.query(
    `INSERT INTO user_two_factor (user_id, company_id, pending_secret) VALUES ($1, $2, $3)
     ON CONFLICT (user_id) DO UPDATE SET pending_secret = excluded.pending_secret, updated_at = now()
     WHERE user_two_factor.company_id = excluded.company_id`,
    [user.id, user.companyId, seal(key, secret)],
  );
  const text = base32Encode(secret);
  return { secret: text, uri: otpauthUri(text, await getPlatformSetting(db, "appName"), user.email) };
}

/**
 * Turns 2FA on when `code` is the pending secret's, and answers the ten recovery codes; null for a wrong code
 * (nothing written). Audited as the user's own change.
 */
export async function confirmEnrolment(
  client: pg.ClientBase,
  key: Buffer,
  user: FactorUser,
  code: string,
  now = Date.now(),
): Promise<string[] | null> {
  const row = await factorRow(client, user, true);
  if (row?.secret) throw wrongState("Two-factor sign-in is already on");
  if (!row?.pending) throw wrongState("Start the enrolment first");
  const step = matchTotp(open(key, row.pending), code, now);
  if (step === null) return null;
  await client.query(
    `UPDATE user_two_factor SET secret = pending_secret, pending_secret = NULL, last_step = $3, enabled_at = now(),
       updated_at = now() WHERE user_id = $1 AND company_id = $2`,
    [user.id, user.companyId, step],
  );
  const codes = await replaceRecoveryCodes(client, user);
  await recordAudit(client, user, { kind: "twoFactor.enable", subjectId: user.id, subject: user.name });
  return codes;
}

/**
 * Takes a code of the user's second factor: a TOTP code of a time step after the last one taken (so a code is
 * good once), or an unused recovery code (then used, and audited). Answers which, or null (nothing written).
 */
export async function takeSecondFactor(
  client: pg.ClientBase,
  key: Buffer,
  user: FactorUser,
  code: string,
  now = Date.now(),
): Promise<"totp" | "recovery" | null> {
  const row = await factorRow(client, user, true);
  if (!row?.secret) return null;
  const step = matchTotp(open(key, row.secret), code, now);
  if (step !== null) {
    if (step <= Number(row.lastStep)) return null;
    await client.query("UPDATE user_two_factor SET last_step = $3 WHERE user_id = $1 AND company_id = $2", [
      user.id,
      user.companyId,
      step,
    ]);
    return "totp";
  }
  if (!(await useRecoveryCode(client, user, code))) return null;
  await recordAudit(client, user, {
    kind: "twoFactor.recoveryCodeUsed",
    subjectId: user.id,
    subject: user.name,
    detail: { left: await recoveryCodesLeft(client, user) },
  });
  return "recovery";
}

/** Ten new recovery codes (the old ones die, audited) for a right code; null for a wrong one (nothing written). */
export async function renewRecoveryCodes(
  client: pg.ClientBase,
  key: Buffer,
  user: FactorUser,
  code: string,
): Promise<string[] | null> {
  if (!(await takeSecondFactor(client, key, user, code))) return null;
  const codes = await replaceRecoveryCodes(client, user);
  await recordAudit(client, user, { kind: "twoFactor.recoveryCodesRenewed", subjectId: user.id, subject: user.name });
  return codes;
}

/** The factor, its recovery codes and trusted devices go. */
async function removeSecondFactor(client: pg.ClientBase, user: { id: number; companyId: number }) {
  await client.query("DELETE FROM user_two_factor WHERE user_id = $1 AND company_id = $2", [user.id, user.companyId]);
  await client.query("DELETE FROM two_factor_recovery_codes WHERE user_id = $1 AND company_id = $2", [
    user.id,
    user.companyId,
  ]);
  await client.query("DELETE FROM two_factor_challenges WHERE user_id = $1 AND company_id = $2", [
    user.id,
    user.companyId,
  ]);
  await forgetTrustedDevices(client, user);
}

/** The user turns it off (the caller checked a code or the password, and that it is not required). */
export async function disableTwoFactor(client: pg.ClientBase, user: FactorUser): Promise<void> {
  await removeSecondFactor(client, user);
  await recordAudit(client, user, { kind: "twoFactor.disable", subjectId: user.id, subject: user.name });
}

/** An admin (or the super user) resets another user's second factor: the user enrols anew; audited in their company. */
export async function resetTwoFactor(
  client: pg.ClientBase,
  actor: AuditActor,
  target: { id: number; companyId: number; name: string },
): Promise<void> {
  await removeSecondFactor(client, target);
  await recordAudit(client, actor, {
    kind: "twoFactor.adminReset",
    companyId: target.companyId,
    subjectId: target.id,
    subject: target.name,
  });
}

export async function twoFactorStatus(
  db: pg.Pool | pg.ClientBase,
  user: FactorUser & { profile: string; super: boolean },
): Promise<TwoFactorStatus> {
  return {
    enabled: await isTwoFactorEnabled(db, user),
    required: await isTwoFactorRequired(db, user),
    recoveryCodesLeft: await recoveryCodesLeft(db, user),
    trustedDevices: await trustedDeviceCount(db, user),
  };
}

/**
 * The user whose second factor `actor` may read or reset: one of the actor's company, or for the super user one of
 * any company; 404 otherwise (another company's user is as absent as a missing one), 403 by the policy.
 */
export async function findResetTarget(
  db: pg.Pool | pg.ClientBase,
  actor: Actor,
  userId: number,
): Promise<{ id: number; companyId: number; name: string; super: boolean }> {
  const { rows } = actor.super
    ? await db.query(
        `SELECT id, company_id AS "companyId", name, super FROM users
         /* all-companies: the super user resets any user's second factor */ WHERE id = $1`,
        [userId],
      )
    : await db.query(`SELECT id, company_id AS "companyId", name, super FROM users WHERE id = $1 AND company_id = $2`, [
        userId,
        actor.companyId,
      ]);
  const target = rows[0];
  if (!target) throw userNotFound();
  authorizeTwoFactorReset(actor, target);
  return target;
}
