// The login's second step (decision 0113): after the right password, a challenge instead of tokens. Its token is
// random, stored hashed, lives CHALLENGE_TTL_SECONDS, is spent by the step it allows, and dies after
// CHALLENGE_MAX_WRONG wrong codes. It only names the user to the second-step calls: no access token.
import { createHash, randomBytes, randomUUID } from "node:crypto";
import type pg from "pg";
import { CHALLENGE_MAX_WRONG, CHALLENGE_TTL_SECONDS } from "../contract/two-factor.ts";
import { twoFactorChallengeExpired } from "../kernel/errors.ts";

export type ChallengeKind = "code" | "enrol";
export type OpenChallenge = { id: string; userId: number; companyId: number; kind: ChallengeKind };

const hashToken = (t: string) => createHash("sha256").update(t).digest("base64url");

export async function createChallenge(
  client: pg.ClientBase,
  user: { id: number; companyId: number },
  kind: ChallengeKind,
): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  // Earlier challenges of the user end: one login at a time reaches the second step.
  await client.query("DELETE FROM two_factor_challenges WHERE user_id = $1 AND company_id = $2", [
    user.id,
    user.companyId,
  ]);
  await client.query(
    `INSERT INTO two_factor_challenges (id, user_id, company_id, token_hash, kind, expires_at)
     VALUES ($1, $2, $3, $4, $5, now() + make_interval(secs => $6))`,
    [randomUUID(), user.id, user.companyId, hashToken(token), kind, CHALLENGE_TTL_SECONDS],
  );
  return token;
}

const LIVE = `token_hash = $1 AND kind = $2 AND used_at IS NULL AND expires_at > now() AND wrong < ${CHALLENGE_MAX_WRONG}`;

/** Whose live challenge this is, without holding it (to count the guess against the user first). */
export async function peekChallenge(db: pg.Pool, token: string, kind: ChallengeKind): Promise<OpenChallenge> {
  const { rows } = await db.query<OpenChallenge>(
    `SELECT id, user_id AS "userId", company_id AS "companyId", kind
     FROM two_factor_challenges /* all-companies: the challenge token names its user and company */ WHERE ${LIVE}`,
    [hashToken(token), kind],
  );
  if (!rows[0]) throw twoFactorChallengeExpired();
  return rows[0];
}

/** The live challenge, held for the transaction; throws ERR_TWO_FACTOR_CHALLENGE_EXPIRED otherwise. */
export async function holdChallenge(client: pg.ClientBase, token: string, kind: ChallengeKind): Promise<OpenChallenge> {
  const { rows } = await client.query<OpenChallenge>(
    `SELECT id, user_id AS "userId", company_id AS "companyId", kind
     FROM two_factor_challenges /* all-companies: the challenge token names its user and company */
     WHERE ${LIVE} FOR UPDATE`,
    [hashToken(token), kind],
  );
  if (!rows[0]) throw twoFactorChallengeExpired();
  return rows[0];
}

/** A wrong code on the challenge: counted, and the last allowed one ends it. */
export async function countWrongCode(client: pg.ClientBase, challenge: OpenChallenge): Promise<void> {
  await client.query("UPDATE two_factor_challenges SET wrong = wrong + 1 WHERE id = $1 AND company_id = $2", [
    challenge.id,
    challenge.companyId,
  ]);
}

/** The step it allowed was taken: the challenge cannot be used again. */
export async function spendChallenge(client: pg.ClientBase, challenge: OpenChallenge): Promise<void> {
  await client.query("UPDATE two_factor_challenges SET used_at = now() WHERE id = $1 AND company_id = $2", [
    challenge.id,
    challenge.companyId,
  ]);
}
