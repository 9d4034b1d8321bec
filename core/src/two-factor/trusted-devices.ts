// "Trust this device for 30 days" (decision 0113): a random token in an httpOnly cookie, stored hashed with its
// user and expiry. Unforgeable as a signature would be, and revocable: turning 2FA off, an admin's reset or the
// user's "forget trusted devices" deletes the rows, and the cookie then counts for nothing.
import { createHash, randomBytes, randomUUID } from "node:crypto";
import type pg from "pg";
import { TRUSTED_DEVICE_DAYS } from "../contract/two-factor.ts";

const hashToken = (t: string) => createHash("sha256").update(t).digest("base64url");

/** Remembers this browser for the user; answers the cookie's token. */
export async function trustDevice(
  client: pg.ClientBase,
  user: { id: number; companyId: number },
  userAgent: string,
): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await client.query(
    `INSERT INTO trusted_devices (id, user_id, company_id, token_hash, user_agent, expires_at)
     VALUES ($1, $2, $3, $4, $5, now() + make_interval(days => $6))`,
    [randomUUID(), user.id, user.companyId, hashToken(token), userAgent.slice(0, 200), TRUSTED_DEVICE_DAYS],
  );
  // Expired rows of this user go now: nothing else reads them.
  await client.query("DELETE FROM trusted_devices WHERE user_id = $1 AND company_id = $2 AND expires_at <= now()", [
    user.id,
    user.companyId,
  ]);
  return token;
}

/** True when `token` is a live trusted device of this very user. */
export async function isTrustedDevice(
  db: pg.Pool | pg.ClientBase,
  user: { id: number; companyId: number },
  token: string | undefined,
): Promise<boolean> {
  if (!token) return false;
  const { rowCount } = await db.query(
    `SELECT 1 FROM trusted_devices WHERE token_hash = $1 AND user_id = $2 AND company_id = $3 AND expires_at > now()`,
    [hashToken(token), user.id, user.companyId],
  );
  return rowCount === 1;
}

export async function forgetTrustedDevices(client: pg.ClientBase, user: { id: number; companyId: number }) {
  await client.query("DELETE FROM trusted_devices WHERE user_id = $1 AND company_id = $2", [user.id, user.companyId]);
}

export async function trustedDeviceCount(db: pg.Pool | pg.ClientBase, user: { id: number; companyId: number }) {
  const { rows } = await db.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM trusted_devices WHERE user_id = $1 AND company_id = $2 AND expires_at > now()",
    [user.id, user.companyId],
  );
  return rows[0]!.n;
}
