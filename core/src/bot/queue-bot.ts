// The queue bot (spec 2 §4 "Queue options", spec 1 §3 log "chatBot"): a new
// conversation on a connection with queues is put in a queue before an agent
// sees it, automatically when there is one queue, through a numbered menu when
// there are more. Runs inside the ingest transaction, after the messages are stored.
import type pg from "pg";
import { renderVariables, type VariableContext } from "../messages/render-variables.ts";
import type { Change } from "../sync/change-log.ts";
import { type BotMessage, sendBotMessages } from "./send-bot-message.ts";

type Candidate = {
  id: number;
  companyId: number;
  contactId: number;
  whatsappId: number;
  botStarted: boolean;
  /** The quiet time after the first menu (timeUseBotQueues) is over, or there is none. */
  menuDue: boolean;
  amountUsedBotQueues: number;
  maxUseBotQueues: number;
  greetingMessage: string | null;
  protocol: string | null;
  createdAt: Date;
  contactName: string;
  connectionName: string;
};

type Queue = { id: number; name: string; greetingMessage: string | null };

type Decision = {
  ticket: Candidate;
  /** The queue chosen (or the only one): the ticket moves there and the bot is done. */
  queue?: Queue;
  /** The menu is sent; first time: the bot starts. */
  menu?: "start" | "again";
};

/** One line per queue, in the order the contact answers by (orderQueue). */
export const queueMenu = (queues: readonly Pick<Queue, "name">[]) =>
  queues.map((q, i) => `*[ ${i + 1} ]* - ${q.name}`).join("\n");

/** The queue a contact's answer picks: its number in the menu, nothing else. */
export function chosenQueue<Q>(queues: readonly Q[], body: string): Q | undefined {
  const m = body.trim().match(/^\d{1,4}$/);
  return m ? queues[Number(m[0]) - 1] : undefined;
}

/**
 * `lastBodies` maps each ticket that received messages in this batch to the last
 * inbound text it got. The first query is the only cost when no ticket waits
 * for the bot (the ingest hot path).
 */
export async function runQueueBot(
  client: pg.ClientBase,
  lastBodies: Map<number, { companyId: number; body: string }>,
  changes: Change[],
): Promise<void> {
  if (lastBodies.size === 0) return;
  // The ticket rows are already locked by ingest's upsert, so these values hold until commit.
  const { rows: candidates } = await client.query<Candidate>(
    `SELECT t.id, t.company_id AS "companyId", t.contact_id AS "contactId", t.whatsapp_id AS "whatsappId",
       t.bot_started_at IS NOT NULL AS "botStarted",
       (w.time_use_bot_queues = 0 OR t.bot_started_at IS NULL
         OR t.bot_started_at + make_interval(mins => w.time_use_bot_queues) <= now()) AS "menuDue",
       t.amount_used_bot_queues AS "amountUsedBotQueues", w.max_use_bot_queues AS "maxUseBotQueues",
       w.greeting_message AS "greetingMessage", t.protocol, t.created_at AS "createdAt",
       c.name AS "contactName", w.name AS "connectionName"
     FROM unnest($1::int[], $2::int[]) AS i(id, c)
     JOIN tickets t ON t.id = i.id AND t.company_id = i.c
     JOIN contacts c ON c.id = t.contact_id AND c.company_id = t.company_id
     JOIN whatsapps w ON w.id = t.whatsapp_id AND w.company_id = t.company_id
     WHERE t.status = 'pending' AND t.queue_id IS NULL AND t.user_id IS NULL
       AND NOT t.is_group AND NOT c.is_group AND NOT c.disable_bot
       AND EXISTS (SELECT 1 FROM whatsapp_queues wq WHERE wq.whatsapp_id = t.whatsapp_id AND wq.company_id = t.company_id)`,
    [[...lastBodies.keys()], [...lastBodies.values()].map((b) => b.companyId)],
  );
  if (candidates.length === 0) return;
  const queuesOf = await connectionQueues(client, candidates);

  const decisions: Decision[] = [];
  for (const ticket of candidates) {
    const queues = queuesOf.get(ticket.whatsappId) ?? [];
    if (queues.length === 1) decisions.push({ ticket, queue: queues[0] });
    else if (!ticket.botStarted) decisions.push({ ticket, menu: "start" });
    else {
      const queue = chosenQueue(queues, lastBodies.get(ticket.id)?.body ?? "");
      if (queue) decisions.push({ ticket, queue });
      // maxUseBotQueues 0 sets no limit (the original product's reading; the spec only gives the default 3).
      else if (
        (ticket.maxUseBotQueues === 0 || ticket.amountUsedBotQueues < ticket.maxUseBotQueues) &&
        ticket.menuDue
      ) {
        decisions.push({ ticket, menu: "again" });
      }
      // Otherwise the bot stays silent: the ticket waits without a queue for an agent (or the redirect).
    }
  }
  if (decisions.length === 0) return;
  await applyDecisions(client, decisions);
  // Ingest has already recorded a change of every ticket in the batch.
  await sendBotMessages(client, botMessages(decisions, queuesOf), changes);
}

/** Each connection's queues in menu order. */
async function connectionQueues(
  client: pg.ClientBase,
  tickets: { whatsappId: number; companyId: number }[],
): Promise<Map<number, Queue[]>> {
  const connections = [...new Map(tickets.map((t) => [t.whatsappId, t.companyId])).entries()];
  const { rows } = await client.query<Queue & { whatsappId: number }>(
    `SELECT wq.whatsapp_id AS "whatsappId", q.id, q.name, q.greeting_message AS "greetingMessage"
     FROM unnest($1::int[], $2::int[]) AS i(w, c)
     JOIN whatsapp_queues wq ON wq.whatsapp_id = i.w AND wq.company_id = i.c
     JOIN queues q ON q.id = wq.queue_id AND q.company_id = wq.company_id
     ORDER BY wq.whatsapp_id, q.order_queue NULLS LAST, q.id`,
    [connections.map(([w]) => w), connections.map(([, c]) => c)],
  );
  const out = new Map<number, Queue[]>();
  for (const { whatsappId, ...q } of rows) {
    const list = out.get(whatsappId) ?? [];
    list.push(q);
    out.set(whatsappId, list);
  }
  return out;
}

/** The tickets' new state and their log entries, one statement each. */
async function applyDecisions(client: pg.ClientBase, decisions: Decision[]): Promise<void> {
  await client.query(
    `UPDATE tickets t SET queue_id = COALESCE(i.q, t.queue_id), is_bot = i.bot,
       bot_started_at = CASE WHEN i.start THEN now() ELSE t.bot_started_at END,
       amount_used_bot_queues = CASE WHEN i.start THEN 1 WHEN i.q IS NULL THEN t.amount_used_bot_queues + 1
         ELSE t.amount_used_bot_queues END,
       updated_at = now()
     FROM unnest($1::int[], $2::int[], $3::bool[], $4::bool[], $5::int[]) AS i(id, q, bot, start, c)
     WHERE t.id = i.id AND t.company_id = i.c`,
    [
      decisions.map((d) => d.ticket.id),
      decisions.map((d) => d.queue?.id ?? null),
      decisions.map((d) => d.queue === undefined),
      decisions.map((d) => d.menu === "start"),
      decisions.map((d) => d.ticket.companyId),
    ],
  );
  const logged = decisions.filter((d) => d.queue || d.menu === "start");
  if (logged.length === 0) return;
  await client.query(
    `INSERT INTO ticket_logs (company_id, ticket_id, type, queue_id)
     SELECT * FROM unnest($1::int[], $2::int[], $3::text[], $4::int[])`,
    [
      logged.map((d) => d.ticket.companyId),
      logged.map((d) => d.ticket.id),
      logged.map((d) => (d.queue ? "queue" : "chatBot")),
      logged.map((d) => d.queue?.id ?? null),
    ],
  );
}

/** The menu (after the connection's greeting) or the chosen queue's greeting, rendered for each ticket. */
function botMessages(decisions: Decision[], queuesOf: Map<number, Queue[]>): BotMessage[] {
  const now = new Date();
  const out: BotMessage[] = [];
  for (const { ticket, queue, menu } of decisions) {
    const ctx: VariableContext = {
      contact: { name: ticket.contactName },
      ticket: { id: ticket.id, protocol: ticket.protocol, createdAt: ticket.createdAt },
      connection: { name: ticket.connectionName },
      queue: queue ? { name: queue.name } : null,
    };
    let body = "";
    if (queue) body = queue.greetingMessage?.trim() ? renderVariables(queue.greetingMessage, ctx, now).trim() : "";
    else if (menu) {
      const greeting = ticket.greetingMessage?.trim() ? renderVariables(ticket.greetingMessage, ctx, now).trim() : "";
      const options = queueMenu(queuesOf.get(ticket.whatsappId) ?? []);
      body = greeting ? `${greeting}\n\n${options}` : options;
    }
    if (!body) continue;
    out.push({
      companyId: ticket.companyId,
      ticketId: ticket.id,
      contactId: ticket.contactId,
      whatsappId: ticket.whatsappId,
      queueId: queue?.id ?? null,
      body,
    });
  }
  return out;
}
