// Builders for the queue-bot tests: a connection with its queues and bot
// settings, and a contact writing in through the same ingest as a webhook.
import { randomUUID } from "node:crypto";
import type pg from "pg";
import { ingest } from "../messages/ingest.ts";
import { inTransaction } from "../sync/change-log.ts";
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
  o: { companyId: number; whatsappId: number; from: string; body: string; name?: string; remoteId?: string },
): Promise<number> {
  await inTransaction(pool, (client) =>
    ingest(client, [
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
        timestamp: new Date(),
      },
    ]),
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
