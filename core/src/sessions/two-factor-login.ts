// The login's second step (decision 0113): a code (or recovery code) on a "code" challenge, or enrolment on an
// "enrol" one, each ending in a new session. Guesses count against the user (CODE_GUESSES_PER_USER, before the
// check, so parallel guesses cannot pass one stale count) and against the challenge (CHALLENGE_MAX_WRONG): a wrong
// code is counted in a committed transaction and refused after it.
import type pg from "pg";
import type { SignInDevice } from "../audit/record-sign-in.ts";
import { loadUserById, type UserRow } from "../auth/load-user.ts";
import type { EnrolmentAnswer, TTwoFactorVerifyRequest } from "../contract/two-factor.ts";
import { twoFactorChallengeExpired } from "../kernel/errors.ts";
import { hitRateLimit, resetRateLimit } from "../kernel/rate-limit.ts";
import { transaction } from "../kernel/transaction.ts";
import { countWrongCode, holdChallenge, peekChallenge, spendChallenge } from "../two-factor/challenges.ts";
import { twoFactorKey } from "../two-factor/secret-box.ts";
import { trustDevice } from "../two-factor/trusted-devices.ts";
import {
  CODE_GUESSES_PER_USER,
  confirmEnrolment,
  guessKey,
  startEnrolment,
  takeSecondFactor,
} from "../two-factor/two-factor.ts";
import { type Issued, type SessionDeps, startSession } from "./session.ts";

async function challengeUser(db: pg.Pool | pg.ClientBase, companyId: number, userId: number): Promise<UserRow> {
  const user = await loadUserById(db, companyId, userId);
  if (!user) throw twoFactorChallengeExpired();
  return user;
}

/** The session, and the trusted-device token when asked for; null for a wrong or reused code. */
export async function verifyAtLogin(
  deps: SessionDeps,
  input: TTwoFactorVerifyRequest,
  device: SignInDevice,
): Promise<{ issued: Issued; trustedDevice: string | null } | null> {
  const seen = await peekChallenge(deps.pool, input.challenge, "code");
  await hitRateLimit(deps.pool, guessKey(seen.userId), CODE_GUESSES_PER_USER);
  const key = await twoFactorKey(deps.pool);
  const done = await transaction(deps.pool, async (client) => {
    const challenge = await holdChallenge(client, input.challenge, "code");
    const user = await challengeUser(client, challenge.companyId, challenge.userId);
    if (!(await takeSecondFactor(client, key, user, input.code))) {
      await countWrongCode(client, challenge);
      return null;
    }
    await spendChallenge(client, challenge);
    const trustedDevice = input.trustDevice ? await trustDevice(client, user, device.userAgent) : null;
    return { issued: await startSession(deps, client, user, device), trustedDevice };
  });
  if (!done) return null;
  deps.actors?.evictUser(seen.userId);
  await resetRateLimit(deps.pool, guessKey(seen.userId));
  return done;
}

/** A secret to scan for a user whom the company or the platform requires to enrol before signing in. */
export async function enrolAtLogin(deps: SessionDeps, token: string): Promise<EnrolmentAnswer> {
  const challenge = await peekChallenge(deps.pool, token, "enrol");
  const user = await challengeUser(deps.pool, challenge.companyId, challenge.userId);
  return startEnrolment(deps.pool, await twoFactorKey(deps.pool), user);
}

/** Enrolment confirmed by its first code: the recovery codes and the session; null for a wrong code. */
export async function confirmEnrolmentAtLogin(
  deps: SessionDeps,
  input: { challenge: string; code: string },
  device: SignInDevice,
): Promise<{ recoveryCodes: string[]; issued: Issued } | null> {
  const seen = await peekChallenge(deps.pool, input.challenge, "enrol");
  await hitRateLimit(deps.pool, guessKey(seen.userId), CODE_GUESSES_PER_USER);
  const key = await twoFactorKey(deps.pool);
  const done = await transaction(deps.pool, async (client) => {
    const challenge = await holdChallenge(client, input.challenge, "enrol");
    const user = await challengeUser(client, challenge.companyId, challenge.userId);
    const recoveryCodes = await confirmEnrolment(client, key, user, input.code);
    if (!recoveryCodes) {
      await countWrongCode(client, challenge);
      return null;
    }
    await spendChallenge(client, challenge);
    return { recoveryCodes, issued: await startSession(deps, client, user, device) };
  });
  if (!done) return null;
  deps.actors?.evictUser(seen.userId);
  await resetRateLimit(deps.pool, guessKey(seen.userId));
  return done;
}
