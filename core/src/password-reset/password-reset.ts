// Use cases of the password reset (spec 3 §4; decision 0078). A request makes a one-time code for the account
// behind the e-mail, kept hashed with its expiry (one live code per user; a new request replaces it); a reset with
// the right live code sets the password and ends every session of the user. Neither answer tells whether the
// e-mail has an account: the caller answers the same either way.
import { createHash, randomInt, timingSafeEqual } from "node:crypto";
import type pg from "pg";
import { RESET_CODE_LENGTH, type TResetPasswordParams } from "../contract/password-reset.ts";
import { SESSIONS_CHANNEL } from "../contract/topics.ts";
import { hashPassword } from "../kernel/password-hashing.ts";

/** Wrong codes a live code survives; the next wrong one deletes it and a new code must be asked for. */
export const RESET_MAX_WRONG_TRIES = 5;

const hashCode = (userId: number, code: string) => createHash("sha256").update(`${userId}:${code}`).digest();

/** The code to mail and its addressee, or null when no account has this e-mail (nothing is written then). */
export async function requestPasswordReset(
  client: pg.ClientBase,
  email: string,
  ttlSeconds: number,
): Promise<{ to: string; name: string; code: string } | null> {
  const { rows } = await client.query<{ id: number; email: string; name: string }>(
    "SELECT id, email, name FROM users /* all-companies: e-mails are unique across the platform */ WHERE lower(email) = lower($1)",
    [email],
  );
  const user = rows[0];
  if (!user) return null;
  const code = String(randomInt(0, 10 ** RESET_CODE_LENGTH)).padStart(RESET_CODE_LENGTH, "0");
  await client.query(
    `INSERT INTO password_reset_codes (user_id, code_hash, expires_at, attempts, created_at)
     VALUES ($1, $2, now() + make_interval(secs => $3), 0, now())
     ON CONFLICT (user_id) DO UPDATE SET code_hash = excluded.code_hash, expires_at = excluded.expires_at,
       attempts = 0, created_at = excluded.created_at`,
    [user.id, hashCode(user.id, code).toString("hex"), ttlSeconds],
  );
  return { to: user.email, name: user.name, code };
}

/**
 * Sets the new password when `token` is the account's live code, and answers the user's id; answers null for any
 * refusal (no such account, no code, expired, wrong). A wrong code counts a try and the last allowed one deletes
 * it, so the caller commits a refusal too (the password and the sessions are untouched by it).
 */
export async function resetPassword(client: pg.ClientBase, input: TResetPasswordParams): Promise<number | null> {
  const { rows } = await client.query<{
    user_id: number;
    company_id: number;
    code_hash: string;
    live: boolean;
    attempts: number;
  }>(
    `SELECT r.user_id, u.company_id, r.code_hash, r.expires_at > now() AS live, r.attempts
     FROM password_reset_codes r
     JOIN users u /* all-companies: e-mails are unique across the platform */ ON u.id = r.user_id
     WHERE lower(u.email) = lower($1)
     FOR UPDATE OF r`,
    [input.email],
  );
  const row = rows[0];
  if (!row) return null;
  if (!row.live) {
    await client.query("DELETE FROM password_reset_codes WHERE user_id = $1", [row.user_id]);
    return null;
  }
  const right = timingSafeEqual(Buffer.from(row.code_hash, "hex"), hashCode(row.user_id, input.token));
  if (!right) {
    if (row.attempts + 1 >= RESET_MAX_WRONG_TRIES) {
      await client.query("DELETE FROM password_reset_codes WHERE user_id = $1", [row.user_id]);
    } else {
      await client.query("UPDATE password_reset_codes SET attempts = attempts + 1 WHERE user_id = $1", [row.user_id]);
    }
    return null;
  }
  // Used once: the code goes with the reset it allowed.
  await client.query("DELETE FROM password_reset_codes WHERE user_id = $1", [row.user_id]);
  await client.query(
    `UPDATE users SET password_hash = $3, session_id = NULL, online = false, updated_at = now()
     WHERE id = $1 AND company_id = $2`,
    [row.user_id, row.company_id, await hashPassword(input.newPassword)],
  );
  // Every session ends: refresh tokens die, and the hub and the sync server close the user's sockets.
  await client.query("DELETE FROM refresh_tokens WHERE user_id = $1", [row.user_id]);
  await client.query("SELECT pg_notify($1, $2)", [SESSIONS_CHANNEL, `${row.user_id}:`]);
  return row.user_id;
}
