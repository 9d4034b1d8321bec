// Core's writes of a connection's state (issue 22; decision 0093): status and, when down, why (whatsapps.status_reason),
// recorded in the change log so every screen follows. The reason keeps its `since` while it stays the same.
import type pg from "pg";
import type { ConnectionProblemReason } from "../contract/connection-state.ts";
import { recordChanges } from "../kernel/change-log.ts";

/** The SQL that sets status_reason from ($reason, $detail, $retryAt), keeping `since` for the same reason. */
export function statusReasonSql(reason: string, detail: string, retryAt: string): string {
  return `CASE WHEN ${reason}::text IS NULL THEN NULL ELSE jsonb_build_object('reason', ${reason}::text,
    'detail', ${detail}::text, 'retryAt', ${retryAt}::text,
    'since', CASE WHEN status_reason->>'reason' = ${reason}::text THEN status_reason->>'since'
      ELSE to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') END) END`;
}

export type ConnectionState =
  | { status: "CONNECTED" }
  | { status: "DISCONNECTED"; reason: ConnectionProblemReason; detail: string; retryAt?: string | null };

/** Writes the state of the company's connection and records the change. */
export async function writeConnectionState(
  client: pg.ClientBase,
  companyId: number,
  id: number,
  state: ConnectionState,
): Promise<void> {
  const down = state.status === "DISCONNECTED" ? state : null;
  const { rowCount } = await client.query(
    `UPDATE whatsapps SET status = $3, status_reason = ${statusReasonSql("$4", "$5", "$6")}, updated_at = now()
     WHERE id = $1 AND company_id = $2`,
    [id, companyId, state.status, down?.reason ?? null, down?.detail.slice(0, 300) ?? null, down?.retryAt ?? null],
  );
  if (rowCount) await recordChanges(client, [{ companyId, entity: "whatsapps", id }]);
}
