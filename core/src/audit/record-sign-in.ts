// "Sign-in from a new device" (decision 0108): a device is its browser's user agent (hashed); the first sign-in a
// user makes from one is recorded, later ones are not. The log itself remembers which devices a user signed in
// from, so an entry purged by the retention makes that device new again.
import { createHash } from "node:crypto";
import type pg from "pg";
import { recordAudit } from "./record-audit.ts";

/** Where a sign-in comes from: its browser's user agent and address. */
export type SignInDevice = { userAgent: string; ip: string };

/** The longest user agent kept as the entry's subject. */
const AGENT_MAX = 200;

export async function recordNewDevice(
  client: pg.ClientBase,
  user: { id: number; name: string; companyId: number },
  device: SignInDevice,
): Promise<void> {
  const hash = createHash("sha256").update(device.userAgent).digest("hex").slice(0, 32);
  const { rowCount } = await client.query(
    `SELECT 1 FROM audit_entries WHERE company_id = $1 AND user_id = $2 AND kind = 'signin.newDevice'
       AND detail->>'device' = $3 LIMIT 1`,
    [user.companyId, user.id, hash],
  );
  if (rowCount) return;
  await recordAudit(client, user, {
    kind: "signin.newDevice",
    subjectId: user.id,
    subject: device.userAgent.slice(0, AGENT_MAX),
    detail: { device: hash, ip: device.ip },
  });
}
