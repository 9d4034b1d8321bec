// The state of a Cloud API, Messenger or Instagram connection as its adapter tells it (issue 22; decision 0093),
// written to whatsapps (status and status_reason) under the lease the worker holds, in the order told, and recorded in
// the change log so the connections screen, the side menu's badge and the tickets follow. A write that would change
// nothing is skipped by its WHERE, so an adapter may tell the same state again cheaply; a worker that lost the lease
// writes nothing. (Baileys writes its own lifecycle: adapters/whatsapp-baileys-status.ts.)
import { recordChanges } from "@chatflow/core/kernel/change-log.ts";
import { transaction } from "@chatflow/core/kernel/transaction.ts";
import type pg from "pg";
import type { ConnectionStatus, StatusProblem } from "./adapters/adapter.ts";

export type StateFence = {
  pool: pg.Pool;
  owner: { companyId: number; whatsappId: number };
  lease: { workerId: string; generation: number };
  log: (message: string) => void;
};

/** status_reason from ($reason, $detail, $retryAt): null when up, keeping `since` while the reason stays the same. */
const REASON = `CASE WHEN $6::text IS NULL THEN NULL ELSE jsonb_build_object('reason', $6::text, 'detail', $7::text,
  'retryAt', $8::text, 'since', CASE WHEN w.status_reason->>'reason' = $6::text THEN w.status_reason->>'since'
    ELSE to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') END) END`;

export type StateWriter = {
  write(status: ConnectionStatus, problem?: StatusProblem): Promise<unknown>;
  flushed(): Promise<unknown>;
};

export function connectionStateWriter(f: StateFence): StateWriter {
  let writes: Promise<unknown> = Promise.resolve();
  const { owner, lease } = f;
  function write(status: ConnectionStatus, problem?: StatusProblem) {
    const run = () =>
      transaction(f.pool, async (client) => {
        const { rows } = await client.query<{ id: number }>(
          `UPDATE whatsapps w SET status = $5, status_reason = ${REASON}, updated_at = now()
           WHERE w.id = $1 AND w.company_id = $2
             AND (w.status IS DISTINCT FROM $5 OR w.status_reason->>'reason' IS DISTINCT FROM $6::text
               OR w.status_reason->>'detail' IS DISTINCT FROM $7::text)
             AND EXISTS (SELECT 1 FROM connection_leases l
               WHERE l.whatsapp_id = $1 AND l.holder = $3 AND l.generation = $4 AND l.expires_at > now())
           RETURNING w.id`,
          [
            owner.whatsappId,
            owner.companyId,
            lease.workerId,
            lease.generation,
            status,
            problem?.reason ?? null,
            problem?.detail.slice(0, 300) ?? null,
            problem?.retryAt ?? null,
          ],
        );
        await recordChanges(
          client,
          rows.map((r) => ({ companyId: owner.companyId, entity: "whatsapps" as const, id: r.id })),
        );
      });
    const done = writes
      .then(run)
      .catch((err) => f.log(`connection ${owner.whatsappId} state write: ${(err as Error).message}`));
    writes = done;
    return done;
  }
  return { write, flushed: () => writes };
}
