// Builders for the queue-bot tests: a connection with its queues and bot
// settings, and a contact writing in through the same ingest as a webhook.
import { randomUUID } from "node:crypto";
import type pg from "pg";
import { transaction } from "../kernel/transaction.ts";
import { ingest } from "../messages/ingest.ts";
import { buildCompany, buildQueue, buildWhatsapp } from "./factories.ts";

let n = 0;

export type BotQueueSpec = { name: string; greetingMessage?: string | null; orderQueue?: number | null };

/**
 * A company with a Baileys connection offering `queues` (in the order given to
 * whatsapp_queues, which is not the menu order: orderQueue decides that).
 */
export async function buildBotConnection(
  pool: pg.Pool,
  o: {
    queues: BotQueueSpec[];
    greetingMessage?: string | null;
    maxUseBotQueues?: number;
    timeUseBotQueues?: number;
    companyId?: number;
  },
) {
  const companyId = o.companyId ?? (await buildCompany(pool)).id;
  const wa = await buildWhatsapp(pool, { companyId, channel: "whatsapp" });
  await pool.query(
    `UPDATE whatsapps SET greeting_message = $2, max_use_bot_queues = $3, time_use_bot_queues = $4 WHERE id = $1`,
    [wa.id, o.greetingMessage ?? null, o.maxUseBotQueues ?? 3, o.timeUseBotQueues ?? 0],
  );
  const queues: { id: number; name: string }[] = [];
  for (const spec of o.queues) {
    const q = await buildQueue(pool, { companyId, name: spec.name });
    await pool.query("UPDATE queues SET greeting_message = $2, order_queue = $3 WHERE id = $1", [
      q.id,
      spec.greetingMessage ?? null,
      spec.orderQueue ?? null,
    ]);
    await pool.query("INSERT INTO whatsapp_queues (whatsapp_id, queue_id, company_id) VALUES ($1, $2, $3)", [
      wa.id,
      q.id,
      companyId,
    ]);
    queues.push({ id: q.id, name: spec.name });
  }
  return { companyId, whatsappId: wa.id, queues };
}

/** A new contact number, unique across the test run. */
export const newNumber = () => `5521${String(Date.now() % 1_000_000).padStart(6, "0")}${String(++n).padStart(3, "0")}`;

/** The contact writes `body` on the connection; answers the ticket it landed on. */
export async function contactWrites(
  pool: pg.Pool,
  o: {
    companyId: number;
    whatsappId: number;
    from: string;
    body: string;
    name?: string;
    remoteId?: string;
    /** The clock the hours, vacation and consent rules read. */
    now?: Date;
  },
): Promise<number> {
  await transaction(pool, (client) =>
    ingest(
      client,
      [
        {
          kind: "message",
          companyId: o.companyId,
          whatsappId: o.whatsappId,
          channel: "whatsapp",
          remoteId: o.remoteId ?? `wamid.${randomUUID()}`,
          from: o.from,
          name: o.name ?? "Maria Souza",
          body: o.body,
          mediaType: "chat",
          timestamp: o.now ?? new Date(),
        },
      ],
      undefined,
      o.now,
    ),
  );
  const { rows } = await pool.query<{ id: number }>(
    `SELECT t.id FROM tickets t JOIN contacts c ON c.id = t.contact_id
     WHERE t.company_id = $1 AND t.whatsapp_id = $2 AND c.number = $3 ORDER BY t.id DESC LIMIT 1`,
    [o.companyId, o.whatsappId, o.from],
  );
  return rows[0]!.id;
}

/** The ticket's bot state as the tests check it. */
export async function botState(pool: pg.Pool, ticketId: number) {
  const { rows } = await pool.query<{
    queue_id: number | null;
    is_bot: boolean;
    bot_started: boolean;
    amount_used_bot_queues: number;
  }>(
    `SELECT queue_id, is_bot, bot_started_at IS NOT NULL AS bot_started, amount_used_bot_queues
     FROM tickets WHERE id = $1`,
    [ticketId],
  );
  return rows[0]!;
}

export type OptionSpec = {
  name: string;
  greetingMessage?: string | null;
  queueType?: "text" | "attendent" | "queue" | "integration" | "file";
  optQueueId?: number | null;
  optUserId?: number | null;
  optFileId?: number | null;
  closeTicket?: boolean;
  options?: OptionSpec[];
};

/** Writes a chatbot option tree on a queue (first level when parentId is null); answers the ids depth first. */
export async function buildOptions(
  pool: pg.Pool,
  o: { companyId: number; queueId: number; parentId?: number | null; options: OptionSpec[] },
): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const spec of o.options) {
    const { rows } = await pool.query<{ id: number }>(
      `INSERT INTO chatbots (company_id, queue_id, chatbot_id, name, greeting_message, queue_type, opt_queue_id,
         opt_user_id, opt_file_id, close_ticket)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
      [
        o.companyId,
        o.queueId,
        o.parentId ?? null,
        spec.name,
        spec.greetingMessage ?? null,
        spec.queueType ?? "text",
        spec.optQueueId ?? null,
        spec.optUserId ?? null,
        spec.optFileId ?? null,
        spec.closeTicket ?? false,
      ],
    );
    ids.set(spec.name, rows[0]!.id);
    const below = await buildOptions(pool, { ...o, parentId: rows[0]!.id, options: spec.options ?? [] });
    for (const [k, v] of below) ids.set(k, v);
  }
  return ids;
}

/** Sets the company's scheduleType and a queue's out-of-hours message and service hours. */
export async function setQueueHours(
  pool: pg.Pool,
  o: {
    companyId: number;
    queueId: number;
    scheduleType: string;
    outOfHoursMessage?: string | null;
    schedules: unknown[];
  },
) {
  await pool.query(
    `INSERT INTO settings (company_id, key, value) VALUES ($1, 'scheduleType', $2)
     ON CONFLICT (company_id, key) DO UPDATE SET value = EXCLUDED.value`,
    [o.companyId, o.scheduleType],
  );
  await pool.query("UPDATE queues SET out_of_hours_message = $2, schedules = $3 WHERE id = $1", [
    o.queueId,
    o.outOfHoursMessage ?? null,
    JSON.stringify(o.schedules),
  ]);
}
