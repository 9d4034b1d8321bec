// Use case of the channel worker's timed job "tickets:expire-ratings" (spec 2 §3 Connection: expiresTicketNPS):
// a ticket waiting for the contact's rating closes unrated once its connection's window has passed.
import type pg from "pg";
import { recordChanges } from "../kernel/change-log.ts";

/**
 * Closes every expired ticket of every company in one statement; answers how many closed. `now` defaults to the
 * database's clock, the one rating_asked_at was written with.
 */
export async function expireRatings(client: pg.ClientBase, now?: Date): Promise<number> {
  // SKIP LOCKED: a ticket whose answer is being ingested right now is left to that answer.
  const { rows } = await client.query<{
    id: number;
    company_id: number;
    user_id: number | null;
    queue_id: number | null;
  }>(
    `WITH due AS (
       SELECT t.id
       FROM whatsapps w
       JOIN tickets t ON t.whatsapp_id = w.id AND t.company_id = w.company_id
       WHERE w.expires_ticket_nps > 0 AND t.status = 'nps'
         AND t.rating_asked_at <= COALESCE($1::timestamptz, now()) - make_interval(mins => w.expires_ticket_nps)
       FOR UPDATE OF t SKIP LOCKED
     )
     UPDATE tickets t SET status = 'closed', closed_at = now(), unread_messages = 0, updated_at = now()
     FROM due WHERE t.id = due.id
     RETURNING t.id, t.company_id, t.user_id, t.queue_id`,
    [now ?? null],
  );
  if (rows.length === 0) return 0;
  // Logged under the attending agent, as a rated close is (apply-rating.ts): the ticket was theirs to the end.
  await client.query(
    `INSERT INTO ticket_logs (company_id, ticket_id, type, user_id, queue_id)
     SELECT c, t, 'closed', u, q FROM unnest($1::int[], $2::int[], $3::int[], $4::int[]) AS i(c, t, u, q)`,
    [rows.map((r) => r.company_id), rows.map((r) => r.id), rows.map((r) => r.user_id), rows.map((r) => r.queue_id)],
  );
  await recordChanges(
    client,
    rows.map((r) => ({ companyId: r.company_id, entity: "tickets" as const, id: r.id })),
  );
  return rows.length;
}
