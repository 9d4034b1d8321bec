// Login sessions: one live session per user (a second login ends the first),
// refresh tokens stored hashed and rotated on every use.
import { createHash, randomBytes, randomUUID } from "node:crypto";
import type pg from "pg";
import { recordNewDevice, type SignInDevice } from "../audit/record-sign-in.ts";
import type { ActorCache } from "../auth/actor-cache.ts";
import { loadUserByEmail, loadUserById, publicUser, type UserRow } from "../auth/load-user.ts";
import type { Tokens } from "../auth/tokens.ts";
import { mayWorkNow } from "../bot/service-hours.ts";
import type { LoginResponse, TLoginRequest } from "../contract/auth.ts";
import { SESSIONS_CHANNEL } from "../contract/topics.ts";
import type { TwoFactorChallengeAnswer } from "../contract/two-factor.ts";
import { invalidCredentials, outOfHours, sessionExpired, twoFactorRequired } from "../kernel/errors.ts";
import { hashPassword, verifyPassword } from "../kernel/password-hashing.ts";
import { transaction } from "../kernel/transaction.ts";
import { createChallenge } from "../two-factor/challenges.ts";
import { secondStepFor } from "../two-factor/two-factor.ts";

export type SessionDeps = {
  pool: pg.Pool;
  tokens: Tokens;
  refreshTtl: number;
  /** Evicted at once on session changes: this process's next call sees them (others via NOTIFY). */
  actors?: ActorCache;
};
/** `refreshToken` null: the cookie the client holds stays (a refresh inside the reuse grace, below). */
export type Issued = LoginResponse & { refreshToken: string | null };

/**
 * A rotated refresh token presented again within this many seconds of its use is a race, not theft: tabs that
 * saw the access token expire together refresh together (the cookie is shared), or a page was reloaded while its
 * refresh was in flight and never stored the successor cookie. They get an access token for the same live
 * session and a refresh token of their own (the successor they missed stays valid, unused, until it expires).
 */
export const REFRESH_REUSE_GRACE_SECONDS = 30;

const hashToken = (t: string) => createHash("sha256").update(t).digest("base64url");

// A fixed hash to verify against when the e-mail is unknown, so both paths take the same time.
// Made on first need: an argon2 hash takes 64 MB for a moment, which start-up need not pay.
let dummyHash: Promise<string> | undefined;
const timingHash = () => {
  dummyHash ??= hashPassword("chatflow-timing-equaliser");
  return dummyHash;
};

async function issue(deps: SessionDeps, client: pg.ClientBase, user: UserRow, sessionId: string): Promise<Issued> {
  const refreshToken = randomBytes(32).toString("base64url");
  await client.query(
    `INSERT INTO refresh_tokens (id, user_id, session_id, token_hash, expires_at)
     VALUES ($1, $2, $3, $4, now() + make_interval(secs => $5))`,
    [randomUUID(), user.id, sessionId, hashToken(refreshToken), deps.refreshTtl],
  );
  return { ...(await accessFor(deps, user, sessionId)), refreshToken };
}

/** An access token for the session, with no new refresh token. */
async function accessFor(deps: SessionDeps, user: UserRow, sessionId: string): Promise<Issued> {
  const token = await deps.tokens.sign({
    userId: user.id,
    companyId: user.companyId,
    sessionId,
    profile: user.profile,
    super: user.super,
  });
  return { token, refreshToken: null, user: publicUser(user) };
}

/**
 * The password step. Right, it answers the session's tokens, or, for a user with two-factor sign-in on (and this
 * browser not one they trusted) or required of them and not enrolled, a second-step challenge instead (decision
 * 0113). A user without either gets exactly what spec 1 says: nothing of 2FA is in their way.
 */
export async function passwordLogin(
  deps: SessionDeps,
  input: TLoginRequest,
  device: SignInDevice = { userAgent: "", ip: "" },
  trustedDevice?: string,
): Promise<Issued | TwoFactorChallengeAnswer> {
  const user = await loadUserByEmail(deps.pool, input.email);
  const ok = await verifyPassword(user?.passwordHash ?? (await timingHash()), input.password);
  if (!user || !ok) throw invalidCredentials();
  // Checked after the password, so the answer tells nothing to someone who does not know it.
  if (!mayWorkNow(user, new Date())) throw outOfHours();
  const step = await secondStepFor(deps.pool, user, trustedDevice);
  if (step) {
    const challenge = await transaction(deps.pool, (client) => createChallenge(client, user, step));
    return { twoFactor: step, challenge };
  }
  const issued = await transaction(deps.pool, (client) => startSession(deps, client, user, device));
  deps.actors?.evictUser(user.id);
  return issued;
}

/** A login that must end in tokens (the sync server's fixtures): a user with a second step is refused (409). */
export async function login(deps: SessionDeps, input: TLoginRequest, device?: SignInDevice): Promise<Issued> {
  const outcome = await passwordLogin(deps, input, device);
  if ("challenge" in outcome) throw twoFactorRequired();
  return outcome;
}

/**
 * A new login session for `user` in the caller's transaction: the only live one (earlier sessions end), with its
 * tokens. The caller evicts the user from the actor cache after the commit.
 */
export async function startSession(
  deps: SessionDeps,
  client: pg.ClientBase,
  user: UserRow,
  device: SignInDevice,
): Promise<Issued> {
  const sessionId = randomUUID();
  await client.query(
    "UPDATE users SET session_id = $2, online = true, updated_at = now() WHERE id = $1 AND company_id = $3",
    [user.id, sessionId, user.companyId],
  );
  // The companies page's "last login" (spec 3 §2).
  await client.query("UPDATE companies SET last_login = now() WHERE id = $1", [user.companyId]);
  // Earlier sessions' refresh tokens die with them.
  await client.query("DELETE FROM refresh_tokens WHERE user_id = $1", [user.id]);
  const issued = await issue(deps, client, user, sessionId);
  await client.query("SELECT pg_notify($1, $2)", [SESSIONS_CHANNEL, `${user.id}:${sessionId}`]);
  await recordNewDevice(client, user, device);
  return issued;
}

/** What a refresh's transaction decided: tokens for the session, or the session ended because a token came back. */
type Refreshed = { issued: Issued } | { endedUserId: number };

/**
 * One transaction that either rotates the token (marks it used and stores its successor) or changes nothing.
 * The one write it commits without issuing is ending a session whose rotated token was replayed: that is the
 * answer to theft, and it is refused (401) after the commit, not by throwing inside the transaction.
 */
export async function refresh(deps: SessionDeps, refreshToken: string | undefined): Promise<Issued> {
  if (!refreshToken) throw sessionExpired();
  const refreshed = await transaction(deps.pool, (client) => rotate(deps, client, refreshToken));
  if ("endedUserId" in refreshed) {
    deps.actors?.evictUser(refreshed.endedUserId);
    throw sessionExpired();
  }
  return refreshed.issued;
}

async function rotate(deps: SessionDeps, client: pg.ClientBase, refreshToken: string): Promise<Refreshed> {
  const { rows } = await client.query<{
    id: string;
    user_id: number;
    company_id: number;
    session_id: string;
    used: boolean;
    recent: boolean;
  }>(
    `SELECT rt.id, rt.user_id, u.company_id, rt.session_id, rt.used_at IS NOT NULL AS used,
       rt.used_at > now() - make_interval(secs => $2) AS recent
     FROM refresh_tokens rt /* all-companies: a refresh token names its user, whose row names the company */
     JOIN users u ON u.id = rt.user_id
     WHERE rt.token_hash = $1 AND rt.expires_at > now() FOR UPDATE OF rt`,
    [hashToken(refreshToken), REFRESH_REUSE_GRACE_SECONDS],
  );
  const row = rows[0];
  if (!row) throw sessionExpired();
  if (row.used && !row.recent) {
    // A rotated token came back: someone holds a copy. End the whole session, sockets included.
    const ended = await client.query(
      "UPDATE users SET session_id = NULL WHERE id = $1 AND session_id = $2 AND company_id = $3",
      [row.user_id, row.session_id, row.company_id],
    );
    await client.query("DELETE FROM refresh_tokens WHERE session_id = $1", [row.session_id]);
    if (ended.rowCount) await client.query("SELECT pg_notify($1, $2)", [SESSIONS_CHANNEL, `${row.user_id}:`]);
    return { endedUserId: row.user_id };
  }
  const user = await loadUserById(client, row.company_id, row.user_id);
  if (!user || user.sessionId !== row.session_id) throw sessionExpired();
  // Inside the grace, a new refresh token too: the client that presents the used one never got its successor
  // (tabs racing, or a page reloaded while its refresh was in flight, so the answer's cookie was never stored).
  // Answered with an access token alone, it would keep the used cookie and, past the grace, end its own session.
  if (row.used) return { issued: await issue(deps, client, user, row.session_id) };
  await client.query("UPDATE refresh_tokens SET used_at = now() WHERE id = $1", [row.id]);
  return { issued: await issue(deps, client, user, row.session_id) };
}

export async function logout(
  deps: SessionDeps,
  user: { id: number; companyId: number },
  sessionId: string,
): Promise<void> {
  const userId = user.id;
  await transaction(deps.pool, async (client) => {
    const { rowCount } = await client.query(
      "UPDATE users SET session_id = NULL, online = false WHERE id = $1 AND session_id = $2 AND company_id = $3",
      [userId, sessionId, user.companyId],
    );
    await client.query("DELETE FROM refresh_tokens WHERE session_id = $1", [sessionId]);
    // Only when this was the live session: the hub and the sync server close every socket of that user.
    if (rowCount) await client.query("SELECT pg_notify($1, $2)", [SESSIONS_CHANNEL, `${userId}:`]);
  });
  deps.actors?.evictUser(userId);
}
