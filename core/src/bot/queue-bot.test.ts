import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { transaction } from "../kernel/transaction.ts";
import { ingest } from "../messages/ingest.ts";
import { botState, buildBotConnection, contactWrites, newNumber } from "../testing/bot-factories.ts";
import { buildContact, buildQueue, buildTicket } from "../testing/factories.ts";
import { coreForFile } from "../testing/test-world.ts";
import { logTypes } from "../testing/tickets-factories.ts";

const core = coreForFile();

/** What the bot queued on the ticket for the channel worker, oldest first. */
async function botSent(ticketId: number) {
  const { rows } = await core.db.pool.query<{
    id: string;
    body: string;
    user_id: number | null;
    send_state: string | null;
  }>("SELECT id, body, user_id, send_state FROM messages WHERE ticket_id = $1 AND from_me ORDER BY created_at, id", [
    ticketId,
  ]);
  return rows;
}

const MENU_GREETING = "{{ms}}, {{firstName}}! Escolha um setor:";

/** A connection with three queues whose menu order (orderQueue) differs from their creation order. */
const threeQueues = (o: { maxUseBotQueues?: number; timeUseBotQueues?: number } = {}) =>
  buildBotConnection(core.db.pool, {
    greetingMessage: MENU_GREETING,
    queues: [
      { name: "Suporte", orderQueue: 2, greetingMessage: "Suporte aqui, {{firstName}}. Protocolo {{ticket_id}}." },
      { name: "Vendas", orderQueue: 1, greetingMessage: "Bem-vinda a {{queue}}!" },
      { name: "Financeiro", orderQueue: 3 },
    ],
    ...o,
  });

const MENU = "*[ 1 ]* - Vendas\n*[ 2 ]* - Suporte\n*[ 3 ]* - Financeiro";

describe("queue bot: one queue on the connection", () => {
  it("puts a new conversation in the queue and sends the queue's greeting", async () => {
    const wa = await buildBotConnection(core.db.pool, {
      queues: [{ name: "Atendimento", greetingMessage: "Olá {{firstName}}, você está na fila {{queue}}." }],
    });
    const ticketId = await contactWrites(core.db.pool, { ...wa, from: newNumber(), body: "oi" });
    expect(await botState(core.db.pool, ticketId)).toMatchObject({ queue_id: wa.queues[0]!.id, is_bot: false });
    expect(await logTypes(core.db.pool, ticketId)).toEqual(["create", "queue"]);
    const sent = await botSent(ticketId);
    expect(sent).toEqual([
      expect.objectContaining({
        body: "Olá Maria, você está na fila Atendimento.",
        user_id: null,
        send_state: "queued",
      }),
    ]);
    // The PWAs learn of the bot's message like of any other.
    const { rowCount } = await core.db.pool.query(
      "SELECT 1 FROM change_log WHERE company_id = $1 AND entity = 'messages' AND entity_id = $2",
      [wa.companyId, sent[0]!.id],
    );
    expect(rowCount).toBe(1);
    // The list's preview stays the customer's last message, not the bot's greeting (decision 0089).
    const { rows } = await core.db.pool.query("SELECT last_message FROM tickets WHERE id = $1", [ticketId]);
    expect(rows[0].last_message).toBe("oi");
  });

  it("assigns the queue without sending anything when the queue has no greeting", async () => {
    const wa = await buildBotConnection(core.db.pool, { queues: [{ name: "Mudo" }] });
    const ticketId = await contactWrites(core.db.pool, { ...wa, from: newNumber(), body: "oi" });
    expect((await botState(core.db.pool, ticketId)).queue_id).toBe(wa.queues[0]!.id);
    expect(await botSent(ticketId)).toEqual([]);
  });
});

describe("queue bot: more than one queue", () => {
  it("sends the connection's greeting and the menu once, and logs that the chatbot started", async () => {
    const wa = await threeQueues();
    const from = newNumber();
    const ticketId = await contactWrites(core.db.pool, { ...wa, from, body: "olá" });
    const sent = await botSent(ticketId);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toMatch(/^(Bom dia|Boa tarde|Boa noite|Boa madrugada), Maria! Escolha um setor:\n\n/);
    expect(sent[0]!.body.endsWith(`\n\n${MENU}`)).toBe(true);
    expect(sent[0]).toMatchObject({ user_id: null, send_state: "queued" });
    expect(await botState(core.db.pool, ticketId)).toEqual({
      queue_id: null,
      is_bot: true,
      bot_started: true,
      amount_used_bot_queues: 1,
    });
    expect(await logTypes(core.db.pool, ticketId)).toEqual(["create", "chatBot"]);
  });

  it("moves the ticket to the queue whose number the contact answers, and sends that queue's greeting", async () => {
    const wa = await threeQueues();
    const from = newNumber();
    const ticketId = await contactWrites(core.db.pool, { ...wa, from, body: "olá" });
    await contactWrites(core.db.pool, { ...wa, from, body: " 2 " });
    const suporte = wa.queues.find((q) => q.name === "Suporte")!;
    expect(await botState(core.db.pool, ticketId)).toMatchObject({ queue_id: suporte.id, is_bot: false });
    expect(await logTypes(core.db.pool, ticketId)).toEqual(["create", "chatBot", "queue"]);
    const { rows } = await core.db.pool.query(
      "SELECT queue_id FROM ticket_logs WHERE ticket_id = $1 AND type = 'queue'",
      [ticketId],
    );
    expect(rows).toEqual([{ queue_id: suporte.id }]);
    const sent = await botSent(ticketId);
    expect(sent.map((m) => m.body).at(-1)).toBe(`Suporte aqui, Maria. Protocolo ${ticketId}.`);

    // In a queue, the bot is done: later messages wait for an agent.
    await contactWrites(core.db.pool, { ...wa, from, body: "1" });
    expect(await botSent(ticketId)).toHaveLength(2);
    expect((await botState(core.db.pool, ticketId)).queue_id).toBe(suporte.id);
  });

  it("re-sends the menu for other answers up to maxUseBotQueues, then stays silent", async () => {
    const wa = await threeQueues({ maxUseBotQueues: 3 });
    const from = newNumber();
    const ticketId = await contactWrites(core.db.pool, { ...wa, from, body: "olá" });
    for (const body of ["quero comprar", "0", "4"]) await contactWrites(core.db.pool, { ...wa, from, body });
    const sent = await botSent(ticketId);
    expect(sent).toHaveLength(3);
    for (const m of sent) expect(m.body.endsWith(MENU)).toBe(true);
    expect(await botState(core.db.pool, ticketId)).toMatchObject({ queue_id: null, amount_used_bot_queues: 3 });
    // The menu still stands: a valid number after the silence still picks the queue.
    await contactWrites(core.db.pool, { ...wa, from, body: "1" });
    expect((await botState(core.db.pool, ticketId)).queue_id).toBe(wa.queues.find((q) => q.name === "Vendas")!.id);
  });

  it("re-sends the menu without limit when maxUseBotQueues is 0", async () => {
    const wa = await threeQueues({ maxUseBotQueues: 0 });
    const from = newNumber();
    const ticketId = await contactWrites(core.db.pool, { ...wa, from, body: "olá" });
    for (const body of ["a", "b", "c", "d"]) await contactWrites(core.db.pool, { ...wa, from, body });
    expect(await botSent(ticketId)).toHaveLength(5);
    expect(await botState(core.db.pool, ticketId)).toMatchObject({ queue_id: null, amount_used_bot_queues: 5 });
  });

  it("waits timeUseBotQueues minutes after the first menu before sending it again", async () => {
    const wa = await threeQueues({ timeUseBotQueues: 10 });
    const from = newNumber();
    const ticketId = await contactWrites(core.db.pool, { ...wa, from, body: "olá" });
    await contactWrites(core.db.pool, { ...wa, from, body: "hein?" });
    expect(await botSent(ticketId)).toHaveLength(1);
    await core.db.pool.query("UPDATE tickets SET bot_started_at = now() - interval '11 minutes' WHERE id = $1", [
      ticketId,
    ]);
    await contactWrites(core.db.pool, { ...wa, from, body: "hein?" });
    expect(await botSent(ticketId)).toHaveLength(2);
  });

  it("answers every new conversation of one batch with its own menu", async () => {
    const wa = await threeQueues();
    const numbers = [newNumber(), newNumber()];
    await transaction(core.db.pool, (client) =>
      ingest(
        client,
        numbers.map((from) => ({
          kind: "message" as const,
          companyId: wa.companyId,
          whatsappId: wa.whatsappId,
          channel: "whatsapp",
          remoteId: `wamid.${randomUUID()}`,
          from,
          name: "Maria Souza",
          body: "oi",
          mediaType: "chat",
          timestamp: new Date(),
        })),
      ),
    );
    const { rows } = await core.db.pool.query<{ id: number }>(
      "SELECT id FROM tickets WHERE whatsapp_id = $1 ORDER BY id",
      [wa.whatsappId],
    );
    expect(rows).toHaveLength(2);
    for (const t of rows) {
      expect(await botSent(t.id)).toHaveLength(1);
      expect(await logTypes(core.db.pool, t.id)).toEqual(["create", "chatBot"]);
    }
  });

  it("does not run twice for a message the channel delivers twice", async () => {
    const wa = await threeQueues();
    const from = newNumber();
    const remoteId = `wamid.${randomUUID()}`;
    const ticketId = await contactWrites(core.db.pool, { ...wa, from, body: "olá", remoteId });
    await contactWrites(core.db.pool, { ...wa, from, body: "olá", remoteId });
    expect(await botSent(ticketId)).toHaveLength(1);
    expect(await botState(core.db.pool, ticketId)).toMatchObject({ amount_used_bot_queues: 1 });
    expect(await logTypes(core.db.pool, ticketId)).toEqual(["create", "chatBot"]);
  });
});

describe("queue bot: conversations it leaves alone", () => {
  it("skips a contact whose bot is disabled", async () => {
    const wa = await threeQueues();
    const from = newNumber();
    await core.db.pool.query(
      "INSERT INTO contacts (company_id, name, number, disable_bot) VALUES ($1, 'Ana', $2, true)",
      [wa.companyId, from],
    );
    const ticketId = await contactWrites(core.db.pool, { ...wa, from, body: "olá" });
    expect(await botSent(ticketId)).toEqual([]);
    expect(await botState(core.db.pool, ticketId)).toMatchObject({ queue_id: null, is_bot: false, bot_started: false });
    expect(await logTypes(core.db.pool, ticketId)).toEqual(["create"]);
  });

  it("skips group tickets and tickets already in a queue or with an agent", async () => {
    const wa = await threeQueues();
    const pool = core.db.pool;
    const other = await buildQueue(pool, { companyId: wa.companyId });
    const cases = [
      { isGroup: true, queueId: null, status: "pending" },
      { isGroup: false, queueId: other.id, status: "pending" },
      { isGroup: false, queueId: null, status: "open" },
    ];
    for (const c of cases) {
      const from = newNumber();
      const contact = await buildContact(pool, { companyId: wa.companyId, number: from });
      const t = await buildTicket(pool, {
        companyId: wa.companyId,
        contactId: contact.id,
        whatsappId: wa.whatsappId,
        status: c.status,
        queueId: c.queueId,
      });
      await pool.query("UPDATE tickets SET is_group = $2 WHERE id = $1", [t.id, c.isGroup]);
      expect(await contactWrites(pool, { ...wa, from, body: "olá" })).toBe(t.id);
      expect(await botSent(t.id)).toEqual([]);
      expect(await botState(pool, t.id)).toMatchObject({ queue_id: c.queueId, bot_started: false });
      // An existing ticket that receives a message is not created again.
      expect(await logTypes(pool, t.id)).toEqual([]);
    }
  });

  it("skips connections without queues", async () => {
    const wa = await buildBotConnection(core.db.pool, { greetingMessage: "Oi!", queues: [] });
    const ticketId = await contactWrites(core.db.pool, { ...wa, from: newNumber(), body: "olá" });
    expect(await botSent(ticketId)).toEqual([]);
    expect(await botState(core.db.pool, ticketId)).toMatchObject({ queue_id: null, is_bot: false });
  });
});

describe("ticket log on ingest", () => {
  it("logs 'create' once for the ticket a first message opens, not for later messages", async () => {
    const wa = await buildBotConnection(core.db.pool, { queues: [] });
    const from = newNumber();
    const ticketId = await contactWrites(core.db.pool, { ...wa, from, body: "um" });
    expect(await contactWrites(core.db.pool, { ...wa, from, body: "dois" })).toBe(ticketId);
    expect(await logTypes(core.db.pool, ticketId)).toEqual(["create"]);
  });
});
