// Messages the system sends on a ticket with no agent behind them (the queue
// bot's menu and greetings, the timed jobs' texts): the same outbound queue as
// an agent's reply (send_state 'queued', picked up by the channel worker), but
// no user and no visibility check, since there is no caller to check.
import type pg from "pg";
import { v7 as uuidv7 } from "uuid";
import { OUTBOUND_CHANNEL } from "../contract/topics.ts";
import type { Change } from "../kernel/change-log.ts";

export type BotMessage = {
  companyId: number;
  ticketId: number;
  contactId: number;
  whatsappId: number;
  /** The ticket's queue when the message is sent (kept on the message, as for agents' replies). */
  queueId: number | null;
  body: string;
  /** A file of the company's media store sent with `body` as its caption (a file list's file). */
  media?: { mediaType: string; mediaUrl: string };
};

/** A ticket as the timed jobs read it back from their UPDATE: enough to address a bot message on it. */
export type BotTicket = {
  id: number;
  companyId: number;
  contactId: number;
  whatsappId: number;
  queueId: number | null;
};

/** The message `body` on `ticket`, filed under the ticket's queue. */
export function botMessageOn(ticket: BotTicket, body: string): BotMessage {
  const { id: ticketId, companyId, contactId, whatsappId, queueId } = ticket;
  return { companyId, ticketId, contactId, whatsappId, queueId, body };
}

/**
 * Queues the messages in one statement, shows each as its ticket's last message
 * and wakes the channel worker of each connection. `changes` gets the messages
 * and tickets; the caller records them in the same transaction. Messages of one
 * ticket go out in the order given (their ids are time-ordered).
 */
export async function sendBotMessages(client: pg.ClientBase, messages: BotMessage[], changes: Change[]): Promise<void> {
  if (messages.length === 0) return;
  const ids = messages.map(() => uuidv7());
  await client.query(
    `INSERT INTO messages (id, company_id, ticket_id, contact_id, whatsapp_id, user_id, queue_id, body, from_me, read,
       ack, send_state, media_type, media_url)
     SELECT id, c, t, ct, w, NULL, q, b, true, true, 0, 'queued', mt, mu
     FROM unnest($1::uuid[], $2::int[], $3::int[], $4::int[], $5::int[], $6::int[], $7::text[], $8::text[], $9::text[])
       AS i(id, c, t, ct, w, q, b, mt, mu)`,
    [
      ids,
      messages.map((m) => m.companyId),
      messages.map((m) => m.ticketId),
      messages.map((m) => m.contactId),
      messages.map((m) => m.whatsappId),
      messages.map((m) => m.queueId),
      messages.map((m) => m.body),
      messages.map((m) => m.media?.mediaType ?? "chat"),
      messages.map((m) => m.media?.mediaUrl ?? null),
    ],
  );
  const last = new Map<number, BotMessage>();
  for (const m of messages) last.set(m.ticketId, m);
  // Unread stays as it is: the contact's messages still wait for an agent. The preview stays the customer's
  // last message (decision 0089): a bot's greeting never becomes it.
  await client.query(
    `UPDATE tickets t SET updated_at = now()
     FROM unnest($1::int[], $2::int[]) AS i(id, c) WHERE t.id = i.id AND t.company_id = i.c`,
    [[...last.keys()], [...last.values()].map((m) => m.companyId)],
  );
  messages.forEach((m, i) => {
    changes.push({ companyId: m.companyId, entity: "messages", id: ids[i]! });
  });
  for (const m of last.values()) changes.push({ companyId: m.companyId, entity: "tickets", id: m.ticketId });
  for (const whatsappId of new Set(messages.map((m) => m.whatsappId))) {
    await client.query("SELECT pg_notify($1, $2)", [OUTBOUND_CHANNEL, String(whatsappId)]);
  }
}
