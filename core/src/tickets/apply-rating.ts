// The contact's answer to the rating question (spec 1 §4: resolving asks for a
// rating where company setting userRating is on). A ticket waiting as 'nps'
// that receives "1".."5" stores the rating and closes. Another number is a
// rating typed wrong: the question is asked again, up to the connection's
// maxUseBotQueuesNPS sends, then the ticket closes unrated. Any other answer
// means the contact wants to talk again, so the ticket goes back to the queue.
import type pg from "pg";
import type { BatchBodies } from "../bot/inbound-batch.ts";
import { sendBotMessages } from "../bot/send-bot-message.ts";
import type { Change } from "../kernel/change-log.ts";
import { loadVariableContext, renderVariables } from "../message-variables/render-variables.ts";
import { writeTicketLog } from "./ticket-log.ts";

/** The question sent on resolve; answers 1 to 5 map to the list's rating emoji (spec 1 §2). */
export const RATING_QUESTION =
  "Por favor, avalie nosso atendimento com uma nota de 1 a 5 (1 = péssimo, 5 = excelente). Responda apenas com o número.";

/** Put before the question when it is asked again. */
export const RATING_RETRY = "Nota inválida: responda com um número de 1 a 5.";

export const parseRating = (body: string): number | null => {
  const m = body.trim().match(/^([1-5])$/);
  return m ? Number(m[1]) : null;
};

/** A number that is not a rating ("0", "7", "10"): the contact tried to rate. */
const isNumber = (body: string) => /^\d+$/.test(body.trim());

type WaitingTicket = {
  id: number;
  company_id: number;
  contact_id: number;
  whatsapp_id: number;
  user_id: number | null;
  queue_id: number | null;
  asks: number;
  max_asks: number;
  rating_message: string | null;
};

/**
 * Runs inside the ingest transaction, after the messages are stored: `lastBodies`
 * maps each ticket that received messages to the last inbound text it got.
 */
export async function applyRatings(client: pg.ClientBase, lastBodies: BatchBodies, changes: Change[]): Promise<void> {
  if (lastBodies.size === 0) return;
  const { rows } = await client.query<WaitingTicket>(
    `SELECT t.id, t.company_id, t.contact_id, t.whatsapp_id, t.user_id, t.queue_id,
       t.amount_used_bot_queues_nps AS asks, w.max_use_bot_queues_nps AS max_asks, w.rating_message
     FROM unnest($1::int[], $2::int[]) AS i(id, c)
     JOIN tickets t ON t.id = i.id AND t.company_id = i.c
     JOIN whatsapps w ON w.id = t.whatsapp_id AND w.company_id = t.company_id
     WHERE t.status = 'nps' FOR UPDATE OF t`,
    [[...lastBodies.keys()], [...lastBodies.values()].map((b) => b.companyId)],
  );
  for (const t of rows) {
    const body = lastBodies.get(t.id)?.body ?? "";
    const rate = parseRating(body);
    if (rate !== null) await close(client, t, rate);
    else if (isNumber(body) && t.asks < t.max_asks) await askAgain(client, t, changes);
    else if (isNumber(body)) await close(client, t, null);
    else {
      await client.query(
        "UPDATE tickets SET status = 'pending', user_id = NULL, updated_at = now() WHERE id = $1 AND company_id = $2",
        [t.id, t.company_id],
      );
      await writeTicketLog(client, { companyId: t.company_id, ticketId: t.id, type: "pending", queueId: t.queue_id });
    }
    changes.push({ companyId: t.company_id, entity: "tickets", id: t.id });
  }
}

/** Closes the ticket, with its rating when there is one (none: the contact never gave a valid one). */
async function close(client: pg.ClientBase, t: WaitingTicket, rate: number | null): Promise<void> {
  if (rate !== null) {
    await client.query("INSERT INTO user_ratings (company_id, ticket_id, user_id, rate) VALUES ($1, $2, $3, $4)", [
      t.company_id,
      t.id,
      t.user_id,
      rate,
    ]);
  }
  await client.query(
    `UPDATE tickets SET status = 'closed', closed_at = now(), unread_messages = 0, updated_at = now()
     WHERE id = $1 AND company_id = $2`,
    [t.id, t.company_id],
  );
  await writeTicketLog(client, {
    companyId: t.company_id,
    ticketId: t.id,
    type: "closed",
    userId: t.user_id,
    queueId: t.queue_id,
  });
}

/** The question again (the connection's, as on resolve), its window starting over. */
async function askAgain(client: pg.ClientBase, t: WaitingTicket, changes: Change[]): Promise<void> {
  const ctx = await loadVariableContext(client, t.company_id, t.id, { userId: t.user_id });
  const question = (t.rating_message?.trim() && renderVariables(t.rating_message, ctx).trim()) || RATING_QUESTION;
  await sendBotMessages(
    client,
    [
      {
        companyId: t.company_id,
        ticketId: t.id,
        contactId: t.contact_id,
        whatsappId: t.whatsapp_id,
        queueId: t.queue_id,
        body: `${RATING_RETRY}\n\n${question}`,
      },
    ],
    changes,
  );
  await client.query(
    `UPDATE tickets SET amount_used_bot_queues_nps = amount_used_bot_queues_nps + 1, rating_asked_at = now(),
       updated_at = now() WHERE id = $1 AND company_id = $2`,
    [t.id, t.company_id],
  );
}
