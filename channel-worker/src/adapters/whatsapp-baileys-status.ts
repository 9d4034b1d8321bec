// The Baileys adapter's writes to its whatsapps row, fenced by the lease generation (decision 0042) and recorded in
// the change log so screens follow: the session's lifecycle (status, qrcode, pairing_code, number) and the history
// import's status. A worker that lost the lease meanwhile writes nothing.
import { type Change, recordChanges } from "@chatflow/core/kernel/change-log.ts";
import { transaction } from "@chatflow/core/kernel/transaction.ts";
import type pg from "pg";
import type { AdapterEvents, ConnectionStatus, StatusProblem } from "./adapter.ts";

/** Who writes: the connection and the lease the adapter runs under. */
export type Fence = {
  pool: pg.Pool;
  owner: { companyId: number; whatsappId: number };
  lease: { workerId: string; generation: number };
  log: (message: string) => void;
};

export type LifecycleFields = { qrcode?: string | null; pairingCode?: string | null; number?: string | null };

export type StatusWriter = {
  /** The status last written (or being written). */
  status(): ConnectionStatus;
  /**
   * Tells the worker at once, then writes after the writes before it; resolves once written (or refused). `problem`
   * says why the session is down (whatsapps.status_reason; decision 0093): a QR code, a pairing code or an open
   * session clears it, an opening keeps the last one (the admin still reads why the last try failed).
   */
  write(next: ConnectionStatus, fields: LifecycleFields, error?: string, problem?: StatusProblem): Promise<unknown>;
  /** Resolves once every write asked so far is done. */
  flushed(): Promise<unknown>;
};

export function statusWriter(f: Fence, events: AdapterEvents): StatusWriter {
  let status: ConnectionStatus = "DISCONNECTED";
  // Writes of whatsapps in the order the events came.
  let writes: Promise<unknown> = Promise.resolve();
  const { owner, lease } = f;

  function write(next: ConnectionStatus, fields: LifecycleFields, error?: string, problem?: StatusProblem) {
    status = next;
    events.onStatus(next, {
      ...(fields.qrcode ? { qr: fields.qrcode } : {}),
      ...(error ? { error } : {}),
      ...(problem ? { problem } : {}),
    });
    const run = () =>
      transaction(f.pool, async (client) => {
        const { rows } = await client.query<{ id: number }>(
          `UPDATE whatsapps w SET status = $5,
             qrcode = CASE WHEN $6 THEN $7 ELSE w.qrcode END,
             pairing_code = CASE WHEN $8 THEN $9 ELSE w.pairing_code END,
             number = CASE WHEN $10 THEN $11 ELSE w.number END,
             status_reason = CASE WHEN $12::text IS NOT NULL THEN jsonb_build_object('reason', $12::text,
                 'detail', $13::text, 'retryAt', $14::text,
                 'since', CASE WHEN w.status_reason->>'reason' = $12::text THEN w.status_reason->>'since'
                   ELSE to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') END)
               WHEN $5 IN ('CONNECTED', 'qrcode', 'PAIRING') THEN NULL ELSE w.status_reason END,
             updated_at = now()
           WHERE w.id = $1 AND w.company_id = $2 AND EXISTS (SELECT 1 FROM connection_leases l
             WHERE l.whatsapp_id = $1 AND l.holder = $3 AND l.generation = $4 AND l.expires_at > now())
           RETURNING w.id`,
          [
            owner.whatsappId,
            owner.companyId,
            lease.workerId,
            lease.generation,
            next,
            "qrcode" in fields,
            fields.qrcode ?? null,
            "pairingCode" in fields,
            fields.pairingCode ?? null,
            "number" in fields,
            fields.number ?? null,
            problem?.reason ?? null,
            problem?.detail.slice(0, 300) ?? null,
            problem?.retryAt ?? null,
          ],
        );
        const changes: Change[] = rows.map((r) => ({ companyId: owner.companyId, entity: "whatsapps", id: r.id }));
        await recordChanges(client, changes);
        return rows.length > 0;
      });
    const done = writes
      .then(run)
      .catch((err) => f.log(`connection ${owner.whatsappId} status write: ${(err as Error).message}`));
    writes = done;
    return done;
  }

  return { status: () => status, write, flushed: () => writes };
}

/** A fenced write of whatsapps.status_import_messages ("Running", then the completion time in ms). */
export async function writeImportStatus(f: Fence, value: string): Promise<void> {
  await transaction(f.pool, async (client) => {
    const { rows } = await client.query<{ id: number }>(
      `UPDATE whatsapps w SET status_import_messages = $5, updated_at = now()
       WHERE w.id = $1 AND w.company_id = $2 AND EXISTS (SELECT 1 FROM connection_leases l
         WHERE l.whatsapp_id = $1 AND l.holder = $3 AND l.generation = $4 AND l.expires_at > now())
       RETURNING w.id`,
      [f.owner.whatsappId, f.owner.companyId, f.lease.workerId, f.lease.generation, value],
    );
    await recordChanges(
      client,
      rows.map((r) => ({ companyId: f.owner.companyId, entity: "whatsapps" as const, id: r.id })),
    );
  });
}

/** Does the lease still name us (a replaced connection keeps going only then)? */
export async function holdLease(f: Fence): Promise<boolean> {
  const { rows } = await f.pool.query(
    `SELECT 1 FROM connection_leases WHERE whatsapp_id = $1 AND holder = $2 AND generation = $3 AND expires_at > now()`,
    [f.owner.whatsappId, f.lease.workerId, f.lease.generation],
  );
  return rows.length > 0;
}
