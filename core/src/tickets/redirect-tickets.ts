// Use case of the channel worker's timed job "tickets:redirect" (spec 2 §3 Connection: sendIdQueue, timeSendQueue):
// a ticket left waiting in the bot with no queue moves to its connection's redirect queue once the wait is over.
import type pg from "pg";
import { recordChanges } from "../sync/change-log.ts";

/**
 * Moves every due ticket of every company in one statement; answers how many moved. `now` defaults to the
 * database's clock, the one created_at and bot_started_at were written with.
 */
export async function redirectWaitingTickets(client: pg.ClientBase, now?: Date): Promise<number> {
  // The queue must belong to the connection's company: the foreign key alone does not say so.
  // SKIP LOCKED: a ticket an agent is accepting right now is left to that agent, or to the next run.
  const { rows } = await client.query<{ id: number; company_id: number; queue_id: number }>(
    `WITH due AS (
       SELECT t.id, q.id AS queue_id
       FROM whatsapps w
       JOIN queues q ON q.id = w.send_id_queue AND q.company_id = w.company_id
       JOIN tickets t ON t.whatsapp_id = w.id AND t.company_id = w.company_id
       WHERE w.time_send_queue > 0
         AND t.status = 'pending' AND t.queue_id IS NULL AND t.user_id IS NULL
         AND COALESCE(t.bot_started_at, t.created_at)
           <= COALESCE($1::timestamptz, now()) - make_interval(mins => w.time_send_queue)
       FOR UPDATE OF t SKIP LOCKED
     )
     UPDATE tickets t SET queue_id = due.queue_id, is_bot = false, updated_at = now()
     FROM due WHERE t.id = due.id
     RETURNING t.id, t.company_id, t.queue_id`,
    [now ?? null],
  );
  if (rows.length === 0) return 0;
  await client.query(
    `INSERT INTO ticket_logs (company_id, ticket_id, type, queue_id)
     SELECT c, t, 'redirect', q FROM unnest($1::int[], $2::int[], $3::int[]) AS i(c, t, q)`,
    [rows.map((r) => r.company_id), rows.map((r) => r.id), rows.map((r) => r.queue_id)],
  );
  await recordChanges(
    client,
    rows.map((r) => ({ companyId: r.company_id, entity: "tickets" as const, id: r.id })),
  );
  return rows.length;
}
