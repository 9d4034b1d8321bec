// Use case of the channel worker's timed job "tickets:auto-close" (spec 1 §4 "Tickets auto-close after 24 hours
// (an environment-level value)", §9): a conversation in progress or waiting with no activity for that long closes,
// so the inbox holds what is alive. Attended group chats (status group), rating and consent waits are left alone
// (the rating has its own expiry, decision 0014).
import type pg from "pg";
import { recordChanges } from "../kernel/change-log.ts";

export type AutoCloseOptions = {
  /** Idle hours before a ticket closes; 0 or less turns the job off. */
  hours: number;
  /** Tickets closed per company, status and run: a first run over a backlog is spread over several runs. */
  batch?: number;
  /** Defaults to the database's clock, the one updated_at was written with. */
  now?: Date;
};

/**
 * Closes, in every company, the `open` and `pending` tickets last changed `hours` or more ago, oldest first (no
 * farewell: nobody is there to read it); answers how many closed.
 */
export async function autoCloseTickets(client: pg.ClientBase, opts: AutoCloseOptions): Promise<number> {
  if (!(opts.hours > 0)) return 0;
  // Per company and status, the inbox index (company_id, status, updated_at) reads the oldest tickets first and stops
  // at the first one still alive: no filter beyond the index's own columns, so a run reads only what it closes (a
  // scan over all tickets by updated_at would read the whole table). SKIP LOCKED leaves a ticket in use to the next run.
  const { rows } = await client.query<{ id: number; company_id: number; queue_id: number | null }>(
    `WITH due AS (
       SELECT t.id FROM companies c
       CROSS JOIN (VALUES ('open'), ('pending')) AS s(status)
       CROSS JOIN LATERAL (
         SELECT t.id FROM tickets t
         WHERE t.company_id = c.id AND t.status = s.status
           AND t.updated_at <= COALESCE($1::timestamptz, now()) - make_interval(hours => $2)
         ORDER BY t.updated_at LIMIT $3
         FOR UPDATE OF t SKIP LOCKED) t
     )
     UPDATE tickets t SET status = 'closed', closed_at = now(), unread_messages = 0, is_bot = false, updated_at = now()
     FROM due WHERE t.id = due.id
     RETURNING t.id, t.company_id, t.queue_id`,
    [opts.now ?? null, opts.hours, opts.batch ?? 500],
  );
  if (rows.length === 0) return 0;
  // No user: the platform closed it, not an agent.
  await client.query(
    `INSERT INTO ticket_logs (company_id, ticket_id, type, queue_id)
     SELECT c, t, 'closed', q FROM unnest($1::int[], $2::int[], $3::int[]) AS i(c, t, q)`,
    [rows.map((r) => r.company_id), rows.map((r) => r.id), rows.map((r) => r.queue_id)],
  );
  await recordChanges(
    client,
    rows.map((r) => ({ companyId: r.company_id, entity: "tickets" as const, id: r.id })),
  );
  return rows.length;
}
