// Use case of the channel worker's timed job "tickets:inactive-message" (spec 2 §3 Connection timeInactiveMessage,
// inactiveMessage): a contact silent for that many minutes on a conversation still waiting (in the bot or for an
// agent) gets the connection's inactivity text, once per silence (decision 0046).
import type pg from "pg";
import { type Change, recordChanges } from "../kernel/change-log.ts";
import { type BotTicket, botMessageOn, sendBotMessages } from "./send-bot-message.ts";

/** Tickets handled per run: a bounded transaction; the job runs again at once while it answers a full batch. */
export const INACTIVE_BATCH = 500;

/**
 * Queues the text on every due ticket of every company; answers how many got it. `now` defaults to the database's
 * clock, the one the messages were stamped with.
 */
export async function sendInactiveMessages(
  client: pg.ClientBase,
  opts: { now?: Date; batch?: number } = {},
): Promise<number> {
  // The contact's last message, through the ticket's message index; a ticket already told since then is skipped.
  const { rows } = await client.query<BotTicket & { body: string }>(
    `WITH due AS (
       SELECT t.id, t.company_id, t.contact_id, t.whatsapp_id, t.queue_id, w.inactive_message
       FROM whatsapps w
       JOIN tickets t ON t.whatsapp_id = w.id AND t.company_id = w.company_id
       CROSS JOIN LATERAL (
         SELECT m.created_at FROM messages m
         WHERE m.ticket_id = t.id AND m.company_id = t.company_id AND NOT m.from_me
         ORDER BY m.created_at DESC LIMIT 1) last
       WHERE w.time_inactive_message > 0 AND btrim(COALESCE(w.inactive_message, '')) <> ''
         AND t.status = 'pending' AND t.user_id IS NULL AND NOT t.is_group
         AND last.created_at <= COALESCE($1::timestamptz, now()) - make_interval(mins => w.time_inactive_message)
         AND (t.inactive_sent_at IS NULL OR t.inactive_sent_at < last.created_at)
       ORDER BY t.id LIMIT $2
       FOR UPDATE OF t SKIP LOCKED
     )
     UPDATE tickets t SET inactive_sent_at = COALESCE($1::timestamptz, now())
     FROM due WHERE t.id = due.id AND t.company_id = due.company_id
     RETURNING t.id, t.company_id AS "companyId", t.contact_id AS "contactId", t.whatsapp_id AS "whatsappId",
       t.queue_id AS "queueId", due.inactive_message AS body`,
    [opts.now ?? null, opts.batch ?? INACTIVE_BATCH],
  );
  if (rows.length === 0) return 0;
  const changes: Change[] = [];
  await sendBotMessages(
    client,
    rows.map((r) => botMessageOn(r, r.body.trim())),
    changes,
  );
  await recordChanges(client, changes);
  return rows.length;
}
