// Use case of the channel worker's timed job "tickets:redirect" (spec 2 §3 Connection: sendIdQueue, timeSendQueue):
// a ticket left waiting in the bot with no queue moves to its connection's redirect queue once the wait is over,
// and the contact learns their place in it when sendQueuePosition is on (issue 9).
import type pg from "pg";
import { sendQueuePositions } from "../bot/queue-position.ts";
import { type Change, recordChanges } from "../kernel/change-log.ts";

/**
 * Moves every due ticket of every company in one statement; answers how many moved. `now` defaults to the
 * database's clock, the one created_at and bot_started_at were written with.
 */
export async function redirectWaitingTickets(client: pg.ClientBase, now?: Date): Promise<number> {
  // The queue must belong to the connection's company: the foreign key alone does not say so.
  // SKIP LOCKED: a ticket an agent is accepting right now is left to that agent, or to the next run.
  const { rows } = await client.query<{
    id: number;
    company_id: number;
    queue_id: number;
    contact_id: number;
    whatsapp_id: number;
    is_group: boolean;
  }>(
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
     RETURNING t.id, t.company_id, t.queue_id, t.contact_id, t.whatsapp_id, t.is_group`,
    [now ?? null],
  );
  if (rows.length === 0) return 0;
  await client.query(
    `INSERT INTO ticket_logs (company_id, ticket_id, type, queue_id)
     SELECT c, t, 'redirect', q FROM unnest($1::int[], $2::int[], $3::int[]) AS i(c, t, q)`,
    [rows.map((r) => r.company_id), rows.map((r) => r.id), rows.map((r) => r.queue_id)],
  );
  const changes: Change[] = rows.map((r) => ({ companyId: r.company_id, entity: "tickets" as const, id: r.id }));
  const waiting = rows
    .filter((r) => !r.is_group)
    .map((r) => ({
      ticketId: r.id,
      companyId: r.company_id,
      contactId: r.contact_id,
      whatsappId: r.whatsapp_id,
      queueId: r.queue_id,
    }));
  await sendQueuePositions(client, waiting, changes);
  await recordChanges(client, changes);
  return rows.length;
}
