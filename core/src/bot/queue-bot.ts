// The queue bot (spec 2 §4 "Queue options", spec 1 §3 log "chatBot"): a new
// conversation on a connection with queues is put in a queue before an agent
// sees it, automatically when there is one queue, through a numbered menu when
// there are more; then the queue's hours and option tree take over
// (queue-options.ts). Runs inside the ingest transaction, after the messages are stored.
import type pg from "pg";
import type { QueueSchedule } from "../contract/queues.ts";
import { joinById } from "../db/join-by-id.ts";
import type { Change } from "../kernel/change-log.ts";
import { renderVariables, type VariableContext } from "../message-variables/render-variables.ts";
import type { BatchBodies } from "./inbound-batch.ts";
import {
  answerOption,
  type BotFileList,
  type BotQueue,
  chosenItem,
  emptyOutcome,
  enterQueue,
  numberedMenu,
  type OptionNode,
  type Outcome,
  type Render,
} from "./queue-options.ts";
import { sendQueuePositions } from "./queue-position.ts";
import { type BotMessage, sendBotMessages } from "./send-bot-message.ts";
import { withinServiceHours } from "./service-hours.ts";

type Candidate = {
  id: number;
  companyId: number;
  contactId: number;
  whatsappId: number;
  /** Set while the ticket walks its queue's option tree. */
  queueId: number | null;
  queueOptionId: number | null;
  botStarted: boolean;
  /** The quiet time after the first menu (timeUseBotQueues) is over, or there is none. */
  menuDue: boolean;
  amountUsedBotQueues: number;
  maxUseBotQueues: number;
  greetingMessage: string | null;
  /** The connection's greeting media (decision 0107): its media-store URL and kind, or null. */
  greetingMediaUrl: string | null;
  greetingMediaType: string | null;
  protocol: string | null;
  createdAt: Date;
  contactName: string;
  connectionName: string;
};

type MenuQueue = { id: number; name: string };

/** One line per queue, in the order the contact answers by (orderQueue). */
export const queueMenu = numberedMenu;

/** The queue a contact's answer picks: its number in the menu, nothing else. */
export const chosenQueue = chosenItem;

/**
 * `lastBodies` maps each ticket that received messages in this batch to the last
 * inbound text it got. The first query is the only cost when no ticket waits
 * for the bot (the ingest hot path). Answers the tickets whose message the bot answered.
 */
export async function runQueueBot(
  client: pg.ClientBase,
  lastBodies: BatchBodies,
  changes: Change[],
  now: Date = new Date(),
): Promise<Set<number>> {
  const answered = new Set<number>();
  if (lastBodies.size === 0) return answered;
  // The ticket rows are already locked by ingest's upsert, so these values hold until commit.
  const { rows: candidates } = await client.query<Candidate>(
    `SELECT t.id, t.company_id AS "companyId", t.contact_id AS "contactId", t.whatsapp_id AS "whatsappId",
       t.queue_id AS "queueId", t.queue_option_id AS "queueOptionId",
       t.bot_started_at IS NOT NULL AS "botStarted",
       (w.time_use_bot_queues = 0 OR t.bot_started_at IS NULL
         OR t.bot_started_at + make_interval(mins => w.time_use_bot_queues) <= now()) AS "menuDue",
       t.amount_used_bot_queues AS "amountUsedBotQueues", w.max_use_bot_queues AS "maxUseBotQueues",
       w.greeting_message AS "greetingMessage", w.greeting_media_path AS "greetingMediaUrl",
       w.greeting_media_type AS "greetingMediaType", t.protocol, t.created_at AS "createdAt",
       c.name AS "contactName", w.name AS "connectionName"
     FROM unnest($1::int[], $2::int[]) AS i(id, c)
     ${joinById("tickets", "t", "i.id", "i.c")}
     ${joinById("contacts", "c", "t.contact_id", "t.company_id")}
     ${joinById("whatsapps", "w", "t.whatsapp_id", "t.company_id")}
     WHERE t.status = 'pending' AND (t.queue_id IS NULL OR t.is_bot) AND t.user_id IS NULL
       AND NOT t.is_group AND NOT c.is_group AND NOT c.disable_bot
       AND EXISTS (SELECT 1 FROM whatsapp_queues wq WHERE wq.whatsapp_id = t.whatsapp_id AND wq.company_id = t.company_id)`,
    [[...lastBodies.keys()], [...lastBodies.values()].map((b) => b.companyId)],
  );
  if (candidates.length === 0) return answered;
  const waiting = candidates.filter((t) => t.queueId === null);
  const queuesOf = waiting.length > 0 ? await connectionQueues(client, waiting) : new Map<number, MenuQueue[]>();

  // First the queue each ticket meets (or the first-level menu), then the queues' details in one go.
  type Step = { ticket: Candidate; menu?: "start" | "again"; enter?: number; walk?: number };
  const steps: Step[] = [];
  const mayRepeat = (t: Candidate) =>
    (t.maxUseBotQueues === 0 || t.amountUsedBotQueues < t.maxUseBotQueues) && t.menuDue;
  for (const ticket of candidates) {
    const body = lastBodies.get(ticket.id)?.body ?? "";
    if (ticket.queueId !== null) {
      steps.push({ ticket, walk: ticket.queueId });
      continue;
    }
    const queues = queuesOf.get(ticket.whatsappId) ?? [];
    if (queues.length === 1) steps.push({ ticket, enter: queues[0]!.id });
    else if (!ticket.botStarted) steps.push({ ticket, menu: "start" });
    else {
      const queue = chosenQueue(queues, body);
      if (queue) steps.push({ ticket, enter: queue.id });
      // maxUseBotQueues 0 sets no limit (the original product's reading; the spec only gives the default 3).
      else if (mayRepeat(ticket)) steps.push({ ticket, menu: "again" });
      // Otherwise the bot stays silent: the ticket waits without a queue for an agent (or the redirect).
    }
  }
  if (steps.length === 0) return answered;
  const meetsQueue = steps.some((s) => s.enter !== undefined || s.walk !== undefined);
  const botQueues = meetsQueue ? await loadBotQueues(client, steps, now) : new Map<number, BotQueue>();

  const decided: { ticket: Candidate; out: Outcome }[] = [];
  const toldOutOfHours: Candidate[] = [];
  for (const { ticket, menu, enter, walk } of steps) {
    const render = renderer(ticket, now);
    if (menu) {
      const out = emptyOutcome();
      out.isBot = true;
      out.start = menu === "start";
      out.used = menu === "start" ? "reset" : "increment";
      if (out.start) out.logs.push({ type: "chatBot", queueId: null, userId: null });
      const greeting = render(ticket.greetingMessage, null);
      const options = queueMenu(queuesOf.get(ticket.whatsappId) ?? []);
      // The connection's greeting media goes just before its greeting, once, when the bot first answers.
      if (out.start && ticket.greetingMediaUrl) {
        out.messages.push({
          body: "",
          queueId: null,
          media: { mediaType: ticket.greetingMediaType ?? "application", mediaUrl: ticket.greetingMediaUrl },
        });
      }
      out.messages.push({ body: greeting ? `${greeting}\n\n${options}` : options, queueId: null });
      decided.push({ ticket, out });
      continue;
    }
    const queue = botQueues.get((enter ?? walk)!);
    if (!queue) continue;
    if (enter !== undefined) {
      const out = emptyOutcome();
      enterQueue(out, queue, render, ticket.botStarted);
      decided.push({ ticket, out });
      // The ticket got the queue's out-of-hours text: not again in this closed period (inbound-gate.ts).
      if (queue.outOfHours) toldOutOfHours.push(ticket);
    } else {
      const body = lastBodies.get(ticket.id)?.body ?? "";
      const out = answerOption(queue, ticket.queueOptionId, body, render, mayRepeat(ticket));
      if (out) decided.push({ ticket, out });
    }
  }
  if (decided.length === 0) return answered;
  // The message the bot answered (its menu, a choice of it, a greeting, an out-of-hours text) is the bot's: a
  // queue's prompt starts with the contact's next one (decision 0105). A ticket that only entered its one queue
  // without a word from the bot keeps its message for the prompt.
  for (const { ticket, out } of decided) {
    if (out.messages.length > 0 || ticket.botStarted || ticket.queueId !== null) answered.add(ticket.id);
  }
  await applyOutcomes(client, decided);
  if (toldOutOfHours.length > 0) {
    await client.query(
      `UPDATE tickets t SET out_of_hours_sent_at = $3 FROM unnest($1::int[], $2::int[]) AS i(id, c)
       WHERE t.id = i.id AND t.company_id = i.c`,
      [toldOutOfHours.map((t) => t.id), toldOutOfHours.map((t) => t.companyId), now],
    );
  }
  // Ingest has already recorded a change of every ticket in the batch.
  await sendBotMessages(client, botMessages(decided), changes);
  // After the greeting: where the contact now waits (when the company tells it), for those left waiting in a queue.
  const toldOut = new Set(toldOutOfHours.map((t) => t.id));
  await sendQueuePositions(
    client,
    decided
      // Every candidate was without a queue or in the bot: one now out of the bot, in a queue, with no agent
      // and not closed, has just started waiting.
      .filter(
        ({ ticket, out }) =>
          !out.isBot &&
          (out.queueId ?? ticket.queueId) !== null &&
          out.userId === null &&
          out.status === null &&
          !toldOut.has(ticket.id),
      )
      .map(({ ticket, out }) => ({
        ticketId: ticket.id,
        companyId: ticket.companyId,
        contactId: ticket.contactId,
        whatsappId: ticket.whatsappId,
        queueId: (out.queueId ?? ticket.queueId)!,
      })),
    changes,
  );
  return answered;
}

/** Fills a text's variables for the ticket, "" for none. */
function renderer(ticket: Candidate, now: Date): Render {
  return (text, queueName) => {
    if (!text?.trim()) return "";
    const ctx: VariableContext = {
      contact: { name: ticket.contactName },
      ticket: { id: ticket.id, protocol: ticket.protocol, createdAt: ticket.createdAt },
      connection: { name: ticket.connectionName },
      queue: queueName ? { name: queueName } : null,
    };
    return renderVariables(text, ctx, now).trim();
  };
}

/** Each connection's queues in menu order. */
async function connectionQueues(
  client: pg.ClientBase,
  tickets: { whatsappId: number; companyId: number }[],
): Promise<Map<number, MenuQueue[]>> {
  const connections = [...new Map(tickets.map((t) => [t.whatsappId, t.companyId])).entries()];
  const { rows } = await client.query<MenuQueue & { whatsappId: number }>(
    `SELECT wq.whatsapp_id AS "whatsappId", q.id, q.name
     FROM unnest($1::int[], $2::int[]) AS i(w, c)
     JOIN whatsapp_queues wq ON wq.whatsapp_id = i.w AND wq.company_id = i.c
     JOIN queues q ON q.id = wq.queue_id AND q.company_id = wq.company_id
     ORDER BY wq.whatsapp_id, q.order_queue NULLS LAST, q.id`,
    [connections.map(([w]) => w), connections.map(([, c]) => c)],
  );
  const out = new Map<number, MenuQueue[]>();
  for (const { whatsappId, ...q } of rows) {
    const list = out.get(whatsappId) ?? [];
    list.push(q);
    out.set(whatsappId, list);
  }
  return out;
}

/** The queues met in this batch: messages, whether they are out of hours now, and their option trees. */
async function loadBotQueues(
  client: pg.ClientBase,
  steps: { ticket: Candidate; enter?: number; walk?: number }[],
  now: Date,
): Promise<Map<number, BotQueue>> {
  const pairs = [
    ...new Map(
      steps.filter((s) => (s.enter ?? s.walk) !== undefined).map((s) => [s.enter ?? s.walk!, s.ticket.companyId]),
    ),
  ];
  const ids = pairs.map(([q]) => q);
  const companies = pairs.map(([, c]) => c);
  const { rows } = await client.query<{
    id: number;
    name: string;
    greetingMessage: string | null;
    outOfHoursMessage: string | null;
    schedules: QueueSchedule[];
    scheduleType: string | null;
  }>(
    `SELECT q.id, q.name, q.greeting_message AS "greetingMessage", q.out_of_hours_message AS "outOfHoursMessage",
       q.schedules, s.value AS "scheduleType"
     FROM unnest($1::int[], $2::int[]) AS i(q, c)
     JOIN queues q ON q.id = i.q AND q.company_id = i.c
     LEFT JOIN settings s ON s.company_id = q.company_id AND s.key = 'scheduleType'`,
    [ids, companies],
  );
  const { rows: options } = await client.query<OptionNode & { queueId: number; chatbotId: number | null }>(
    `SELECT b.id, b.queue_id AS "queueId", b.chatbot_id AS "chatbotId", b.name, b.greeting_message AS "greetingMessage",
       b.queue_type AS "queueType", b.opt_queue_id AS "optQueueId", b.opt_user_id AS "optUserId",
       b.opt_file_id AS "optFileId", b.close_ticket AS "closeTicket"
     FROM unnest($1::int[], $2::int[]) AS i(q, c)
     JOIN chatbots b ON b.queue_id = i.q AND b.company_id = i.c
     ORDER BY b.id`,
    [ids, companies],
  );
  const nodes = new Map<number, OptionNode & { queueId: number; chatbotId: number | null }>();
  for (const o of options) nodes.set(o.id, { ...o, options: [] });
  const fileLists = await loadBotFileLists(
    client,
    options.filter((o) => o.queueType === "file" && o.optFileId !== null),
    new Map(pairs),
  );
  const out = new Map<number, BotQueue>();
  for (const q of rows) {
    out.set(q.id, {
      id: q.id,
      name: q.name,
      greetingMessage: q.greetingMessage,
      outOfHoursMessage: q.outOfHoursMessage,
      outOfHours: q.scheduleType === "queue" && !withinServiceHours(q.schedules, now),
      options: [],
      fileLists: fileLists.get(q.id) ?? new Map(),
    });
  }
  for (const node of nodes.values()) {
    if (node.chatbotId === null) out.get(node.queueId)?.options.push(node);
    else nodes.get(node.chatbotId)?.options.push(node);
  }
  return out;
}

/** The file lists the options of type file name, per queue, each read on its queue's company only. */
async function loadBotFileLists(
  client: pg.ClientBase,
  fileOptions: { queueId: number; optFileId: number | null }[],
  companyOfQueue: Map<number, number>,
): Promise<Map<number, Map<number, BotFileList>>> {
  const out = new Map<number, Map<number, BotFileList>>();
  if (fileOptions.length === 0) return out;
  const { rows } = await client.query<BotFileList & { id: number; queueId: number }>(
    `SELECT i.q AS "queueId", f.id, f.message, f.options AS files
     FROM unnest($1::int[], $2::int[], $3::int[]) AS i(q, f, c)
     JOIN file_lists f ON f.id = i.f AND f.company_id = i.c`,
    [
      fileOptions.map((o) => o.queueId),
      fileOptions.map((o) => o.optFileId),
      fileOptions.map((o) => companyOfQueue.get(o.queueId)),
    ],
  );
  for (const { queueId, id, ...list } of rows) {
    const lists = out.get(queueId) ?? new Map<number, BotFileList>();
    lists.set(id, list);
    out.set(queueId, lists);
  }
  return out;
}

/** The tickets' new state and their log entries, one statement each. */
async function applyOutcomes(client: pg.ClientBase, decided: { ticket: Candidate; out: Outcome }[]): Promise<void> {
  await client.query(
    `UPDATE tickets t SET queue_id = COALESCE(i.q, t.queue_id), user_id = COALESCE(i.u, t.user_id),
       status = COALESCE(i.s, t.status), is_bot = i.bot, queue_option_id = i.opt,
       bot_started_at = CASE WHEN i.start THEN now() ELSE t.bot_started_at END,
       amount_used_bot_queues = CASE i.used WHEN 'reset' THEN 1 WHEN 'increment' THEN t.amount_used_bot_queues + 1
         ELSE t.amount_used_bot_queues END,
       closed_at = CASE WHEN i.s = 'closed' THEN now() ELSE t.closed_at END,
       unread_messages = CASE WHEN i.s = 'closed' THEN 0 ELSE t.unread_messages END,
       updated_at = now()
     FROM unnest($1::int[], $2::int[], $3::int[], $4::text[], $5::bool[], $6::int[], $7::bool[], $8::text[], $9::int[])
       AS i(id, q, u, s, bot, opt, start, used, c)
     WHERE t.id = i.id AND t.company_id = i.c`,
    [
      decided.map((d) => d.ticket.id),
      decided.map((d) => d.out.queueId),
      decided.map((d) => d.out.userId),
      decided.map((d) => d.out.status),
      decided.map((d) => d.out.isBot),
      decided.map((d) => d.out.queueOptionId),
      decided.map((d) => d.out.start),
      decided.map((d) => d.out.used),
      decided.map((d) => d.ticket.companyId),
    ],
  );
  const logs = decided.flatMap((d) => d.out.logs.map((l) => ({ ...l, ticket: d.ticket })));
  if (logs.length === 0) return;
  await client.query(
    `INSERT INTO ticket_logs (company_id, ticket_id, type, queue_id, user_id)
     SELECT * FROM unnest($1::int[], $2::int[], $3::text[], $4::int[], $5::int[])`,
    [
      logs.map((l) => l.ticket.companyId),
      logs.map((l) => l.ticket.id),
      logs.map((l) => l.type),
      logs.map((l) => l.queueId),
      logs.map((l) => l.userId),
    ],
  );
}

/** What the bot says on each ticket, in order. */
function botMessages(decided: { ticket: Candidate; out: Outcome }[]): BotMessage[] {
  return decided.flatMap(({ ticket, out }) =>
    out.messages.map((m) => ({
      companyId: ticket.companyId,
      ticketId: ticket.id,
      contactId: ticket.contactId,
      whatsappId: ticket.whatsappId,
      queueId: m.queueId,
      body: m.body,
      media: m.media,
    })),
  );
}
