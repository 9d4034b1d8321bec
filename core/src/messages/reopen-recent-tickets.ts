// Spec 2 §3 Connection timeCreateNewTicket: a contact who writes again within that many minutes of their ticket
// closing continues that ticket instead of opening a new one (decision 0046). Runs in ingest just before the
// ticket upsert, which then finds the reopened ticket as the one in progress.
import type pg from "pg";
import type { Change } from "../kernel/change-log.ts";

/**
 * Reopens, as pending and without an agent, the latest ticket of each (company, contact, connection) when it is
 * closed, closed within its connection's timeCreateNewTicket minutes of `now`, and no other is in progress. The
 * join on whatsapps comes first, so a batch on connections without the setting costs one index lookup per key.
 */
export async function reopenRecentTickets(
  client: pg.ClientBase,
  keys: { companyId: number; contactId: number; whatsappId: number }[],
  changes: Change[],
  now: Date,
): Promise<void> {
  if (keys.length === 0) return;
  const { rows } = await client.query<{ id: number; company_id: number; queue_id: number | null }>(
    `WITH i AS (SELECT * FROM unnest($1::int[], $2::int[], $3::int[]) AS i(c, ct, w)),
     latest AS (
       SELECT last.id
       FROM i
       JOIN whatsapps w ON w.id = i.w AND w.company_id = i.c AND w.time_create_new_ticket > 0
       CROSS JOIN LATERAL (
         SELECT t.id, t.status, t.closed_at FROM tickets t
         WHERE t.company_id = i.c AND t.contact_id = i.ct AND t.whatsapp_id = i.w
         ORDER BY t.id DESC LIMIT 1) last
       WHERE last.status = 'closed'
         AND last.closed_at >= $4::timestamptz - make_interval(mins => w.time_create_new_ticket)
       ORDER BY last.id
     )
     UPDATE tickets t SET status = 'pending', user_id = NULL, closed_at = NULL, is_bot = false, updated_at = now()
     FROM latest WHERE t.id = latest.id AND t.status = 'closed'
     RETURNING t.id, t.company_id, t.queue_id`,
    [keys.map((k) => k.companyId), keys.map((k) => k.contactId), keys.map((k) => k.whatsappId), now],
  );
  if (rows.length === 0) return;
  await client.query(
    `INSERT INTO ticket_logs (company_id, ticket_id, type, queue_id)
     SELECT c, t, 'reopen', q FROM unnest($1::int[], $2::int[], $3::int[]) AS i(c, t, q)`,
    [rows.map((r) => r.company_id), rows.map((r) => r.id), rows.map((r) => r.queue_id)],
  );
  for (const r of rows) changes.push({ companyId: r.company_id, entity: "tickets", id: r.id });
}
