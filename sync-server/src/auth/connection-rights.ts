// What an open connection may still do, from its user's and company's rows as
// they are now: the same rules as at authentication (authenticate-connection.ts),
// applied again while it stays open (access-watch.ts).

import type { DocumentName } from "@chatflow/core/contract/documents/document-name.ts";
import { isSubscriptionExpired } from "@chatflow/core/plans/subscription.ts";
import type pg from "pg";
import { documentAccess } from "./document-policy.ts";

/** The parts of a user and its company that decide co-editing rights. */
export type AccessRow = {
  id: number;
  companyId: number;
  profile: "admin" | "user";
  super: boolean;
  sessionId: string | null;
  /** yyyy-mm-dd, null when the company has no term. */
  dueDate: string | null;
};

/** Close codes and reasons the provider sees (its onClose); the reasons are error codes the PWA translates. */
export const CLOSE_SESSION_ENDED = { code: 4401, reason: "ERR_SESSION_EXPIRED" };
export const CLOSE_SUBSCRIPTION_EXPIRED = { code: 4402, reason: "ERR_SUBSCRIPTION_EXPIRED" };
export const CLOSE_NO_PERMISSION = { code: 4403, reason: "ERR_NO_PERMISSION" };

export type Rights = { close: { code: number; reason: string } } | { readOnly: boolean };

/** True when the company's term has run out for this user (the super user runs the platform and keeps going). */
export function subscriptionOver(user: { companyId: number; super: boolean; dueDate: string | null }): boolean {
  return !user.super && isSubscriptionExpired({ id: user.companyId, dueDate: user.dueDate });
}

export function rightsNow(
  claims: { sessionId: string; companyId: number },
  row: AccessRow | undefined,
  doc: DocumentName,
): Rights {
  // Deleted, logged out, signed in elsewhere or moved to another company: the token names a session that ended
  // (as core's checkToken decides).
  if (!row || row.sessionId !== claims.sessionId || row.companyId !== claims.companyId) {
    return { close: CLOSE_SESSION_ENDED };
  }
  if (subscriptionOver(row)) return { close: CLOSE_SUBSCRIPTION_EXPIRED };
  const access = documentAccess(row, doc);
  if (access === "none") return { close: CLOSE_NO_PERMISSION };
  return { readOnly: access === "read" };
}

export async function loadAccessRows(pool: pg.Pool, userIds: number[]): Promise<Map<number, AccessRow>> {
  const { rows } = await pool.query<AccessRow>(
    `SELECT u.id, u.company_id AS "companyId", u.profile, u.super, u.session_id AS "sessionId",
       to_char(c.due_date, 'YYYY-MM-DD') AS "dueDate"
     FROM users u JOIN companies c ON c.id = u.company_id WHERE u.id = ANY($1::integer[])`,
    [userIds],
  );
  return new Map(rows.map((r) => [r.id, r]));
}
