// Use case of the channel worker's timed job "tickets:expire" (spec 2 §3 Connection expiresTicket,
// whenExpiresTicket, expiresInactiveMessage): a conversation whose last message is expiresTicket minutes old
// closes with the connection's text. whenExpiresTicket 0 counts the last message of either side
// (attendant/client), 1 only a last message of the attendant, so a contact who spoke last is never closed on
// (decision 0046).
import type pg from "pg";
import { type BotTicket, botMessageOn, sendBotMessages } from "../bot/send-bot-message.ts";
import { type Change, recordChanges } from "../kernel/change-log.ts";

export const EXPIRE_BATCH = 500;

/** Closes every due ticket of every company; answers how many closed. `now` defaults to the database's clock. */
export async function expireTickets(client: pg.ClientBase, opts: { now?: Date; batch?: number } = {}): Promise<number> {
  const { rows } = await client.query<BotTicket & { userId: number | null; body: string | null }>(
    `WITH due AS (
       SELECT t.id, t.company_id, t.user_id AS was_user, w.expires_inactive_message
       FROM whatsapps w
       JOIN tickets t ON t.whatsapp_id = w.id AND t.company_id = w.company_id
       CROSS JOIN LATERAL (
         SELECT m.created_at, m.from_me FROM messages m
         WHERE m.ticket_id = t.id AND m.company_id = t.company_id AND NOT m.is_private
         ORDER BY m.created_at DESC LIMIT 1) last
       WHERE w.expires_ticket > 0 AND t.status IN ('open', 'pending') AND NOT t.is_group
         AND last.created_at <= COALESCE($1::timestamptz, now()) - make_interval(mins => w.expires_ticket)
         AND (w.when_expires_ticket = 0 OR last.from_me)
       ORDER BY t.id LIMIT $2
       FOR UPDATE OF t SKIP LOCKED
     )
     UPDATE tickets t SET status = 'closed', closed_at = now(), unread_messages = 0, is_bot = false,
       amount_used_bot_queues = 0, updated_at = now()
     FROM due WHERE t.id = due.id AND t.company_id = due.company_id
     RETURNING t.id, t.company_id AS "companyId", t.contact_id AS "contactId", t.whatsapp_id AS "whatsappId",
       t.queue_id AS "queueId", due.was_user AS "userId", due.expires_inactive_message AS body`,
    [opts.now ?? null, opts.batch ?? EXPIRE_BATCH],
  );
  if (rows.length === 0) return 0;
  const changes: Change[] = [];
  // The closing text goes out through the outbound queue like any message on a ticket that just closed.
  const told = rows.filter((r) => r.body?.trim());
  await sendBotMessages(
    client,
    told.map((r) => botMessageOn(r, r.body!.trim())),
    changes,
  );
  // No user: the connection's rule closed it, not an agent.
  await client.query(
    `INSERT INTO ticket_logs (company_id, ticket_id, type, queue_id)
     SELECT c, t, 'closed', q FROM unnest($1::int[], $2::int[], $3::int[]) AS i(c, t, q)`,
    [rows.map((r) => r.companyId), rows.map((r) => r.id), rows.map((r) => r.queueId)],
  );
  for (const r of rows) changes.push({ companyId: r.companyId, entity: "tickets", id: r.id });
  await recordChanges(client, changes);
  return rows.length;
}
