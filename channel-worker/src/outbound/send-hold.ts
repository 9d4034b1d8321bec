// The admin is told when the channel holds a connection's queue (issue 10; decision 0053): a send refused as
// rate-limited or the account restricted already keeps the queue waiting (the sender's backoff, never a burst of
// retries); whatsapps.send_hold now says why, for the connections page and the ticket's connection notice, and
// goes once a send goes through again. Written only when it changes, so a held queue's probes cost no write.
import type { SendHold } from "@chatflow/core/contract/entities.ts";
import { recordChanges } from "@chatflow/core/kernel/change-log.ts";
import type { SendHoldReason } from "@chatflow/core/kernel/send-error.ts";
import { transaction } from "@chatflow/core/kernel/transaction.ts";
import type pg from "pg";

type Connection = { companyId: number; whatsappId: number };

async function write(pool: pg.Pool, c: Connection, hold: Omit<SendHold, "since"> | null): Promise<boolean> {
  return transaction(pool, async (client) => {
    const { rows } = await client.query<{ id: number }>(
      hold
        ? `UPDATE whatsapps SET send_hold = jsonb_build_object('reason', $3::text, 'detail', $4::text,
             'since', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')), updated_at = now()
           WHERE id = $1 AND company_id = $2 AND (send_hold IS NULL OR send_hold->>'reason' <> $3) RETURNING id`
        : `UPDATE whatsapps SET send_hold = NULL, updated_at = now()
           WHERE id = $1 AND company_id = $2 AND send_hold IS NOT NULL RETURNING id`,
      hold ? [c.whatsappId, c.companyId, hold.reason, hold.detail.slice(0, 300)] : [c.whatsappId, c.companyId],
    );
    await recordChanges(
      client,
      rows.map((r) => ({ companyId: c.companyId, entity: "whatsapps" as const, id: r.id })),
    );
    return rows.length > 0;
  });
}

export const markSendHeld = (pool: pg.Pool, c: Connection, reason: SendHoldReason, detail: string) =>
  write(pool, c, { reason, detail });

export const clearSendHold = (pool: pg.Pool, c: Connection) => write(pool, c, null);
