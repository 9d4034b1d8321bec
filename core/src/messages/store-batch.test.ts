// Ingest's hot path in one statement (decision 0126): a batch without blocked contacts costs three statements between
// BEGIN and COMMIT (contacts, the store, the change log), writes what the separate statements wrote (tickets, their
// 'create' logs, messages with their quotes, the change log) and tells the rules what the separate look told.
import type pg from "pg";
import { describe, expect, it } from "vitest";
import { transaction } from "../kernel/transaction.ts";
import { buildCompany, buildContact, buildQueue, buildTicket, buildWhatsapp } from "../testing/factories.ts";
import { testDbForFile } from "../testing/test-world.ts";
import { rulesInPlay } from "./inbound-rules.ts";
import { type InboundMessage, ingest } from "./ingest.ts";
import { storeBatch } from "./store-batch.ts";

const db = testDbForFile();

/** Runs ingest in a transaction and answers the texts of the statements it sent (BEGIN and COMMIT aside). */
async function ingestCounted(events: InboundMessage[]): Promise<string[]> {
  const seen: string[] = [];
  await transaction(db.pool, async (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as { query: unknown }).query = (...args: unknown[]) => {
      const first = args[0];
      seen.push(typeof first === "string" ? first : String((first as { text?: string }).text));
      return query(...args);
    };
    try {
      return await ingest(client, events);
    } finally {
      (client as { query: unknown }).query = query;
    }
  });
  return seen;
}

async function connection() {
  const companyId = (await buildCompany(db.pool)).id;
  const whatsappId = (await buildWhatsapp(db.pool, { companyId })).id;
  return { companyId, whatsappId };
}

const says = (
  w: { companyId: number; whatsappId: number },
  from: string,
  remoteId: string,
  o: Partial<InboundMessage> = {},
): InboundMessage => ({
  kind: "message",
  companyId: w.companyId,
  whatsappId: w.whatsappId,
  channel: "whatsappapi",
  remoteId,
  from,
  body: `text of ${remoteId}`,
  mediaType: "chat",
  timestamp: new Date(),
  ...o,
});

describe("#ingest in one statement", () => {
  it("opens tickets with their create log for new contacts, then adds to them, three statements a batch", async () => {
    const w = await connection();
    const numbers = ["5511900000001", "5511900000002"];
    const first = await ingestCounted(numbers.map((n, i) => says(w, n, `wamid.a.${i}`)));
    expect(first).toHaveLength(3);
    const { rows: logs } = await db.pool.query(
      "SELECT ticket_id FROM ticket_logs WHERE company_id = $1 AND type = 'create'",
      [w.companyId],
    );
    expect(logs).toHaveLength(2);

    // Known contacts, tickets in progress: the same three statements, no second log, unread counts added.
    const second = await ingestCounted([
      says(w, numbers[0]!, "wamid.b.0"),
      says(w, numbers[0]!, "wamid.b.1", { body: "last" }),
      says(w, numbers[1]!, "wamid.b.2", { fromMe: true }),
    ]);
    expect(second).toHaveLength(3);
    const { rows: tickets } = await db.pool.query(
      `SELECT c.number, t.unread_messages AS unread, t.last_message AS last,
         (SELECT count(*)::int FROM ticket_logs l WHERE l.ticket_id = t.id) AS logs
       FROM tickets t JOIN contacts c ON c.id = t.contact_id WHERE t.company_id = $1 ORDER BY c.number`,
      [w.companyId],
    );
    expect(tickets).toEqual([
      { number: numbers[0], unread: 3, last: "last", logs: 1 },
      // Our own message from the phone neither counts unread nor replaces the preview.
      { number: numbers[1], unread: 1, last: "text of wamid.a.1", logs: 1 },
    ]);
    const { rows: changed } = await db.pool.query(
      "SELECT entity, count(*)::int AS n FROM change_log WHERE company_id = $1 GROUP BY entity ORDER BY entity",
      [w.companyId],
    );
    // contacts 2; messages 2 + 3; tickets 2 + 2.
    expect(changed).toEqual([
      { entity: "contacts", n: 2 },
      { entity: "messages", n: 5 },
      { entity: "tickets", n: 4 },
    ]);
  });

  it("links a quote to the message stored before, and stores nothing for a copy stored meanwhile", async () => {
    const w = await connection();
    await ingestCounted([says(w, "5511900000003", "wamid.q.0")]);
    await ingestCounted([says(w, "5511900000003", "wamid.q.1", { quotedRemoteId: "wamid.q.0" })]);
    const { rows } = await db.pool.query<{ remote_id: string; quoted: string | null }>(
      `SELECT m.remote_id, q.remote_id AS quoted FROM messages m LEFT JOIN messages q ON q.id = m.quoted_msg_id
       WHERE m.company_id = $1 ORDER BY m.id`,
      [w.companyId],
    );
    expect(rows).toEqual([
      { remote_id: "wamid.q.0", quoted: null },
      { remote_id: "wamid.q.1", quoted: "wamid.q.0" },
    ]);

    // A copy another transaction committed after this batch's duplicate check: the insert skips it and says so.
    const contactId = (await buildContact(db.pool, { companyId: w.companyId, number: "5511900000004" })).id;
    const totals = {
      companyId: w.companyId,
      contactId,
      whatsappId: w.whatsappId,
      channel: "whatsappapi",
      last: "x",
      count: 1,
      isGroup: false,
    };
    const first = await transaction(db.pool, (c) =>
      storeBatch(c, [totals], [{ id: crypto.randomUUID(), m: says(w, "5511900000004", "wamid.c.0"), contactId }], []),
    );
    expect(first.stored.size).toBe(1);
    const again = await transaction(db.pool, (c) =>
      storeBatch(c, [totals], [{ id: crypto.randomUUID(), m: says(w, "5511900000004", "wamid.c.0"), contactId }], []),
    );
    expect(again.stored.size).toBe(0);
    expect(again.rules.size).toBe(0);
    const { rows: copies } = await db.pool.query(
      "SELECT count(*)::int AS n FROM messages WHERE company_id = $1 AND remote_id = 'wamid.c.0'",
      [w.companyId],
    );
    expect(copies[0].n).toBe(1);
  });

  it("tells the rules what the separate look tells, per company", async () => {
    // Three companies: one using no rule, one whose ticket waits for its rating, one whose connection offers a queue.
    const plain = await connection();
    const nps = await connection();
    const bot = await connection();
    const queueId = (await buildQueue(db.pool, { companyId: bot.companyId })).id;
    await db.pool.query("INSERT INTO whatsapp_queues (company_id, whatsapp_id, queue_id) VALUES ($1, $2, $3)", [
      bot.companyId,
      bot.whatsappId,
      queueId,
    ]);
    const worlds = [plain, nps, bot].map((w, i) => ({ ...w, number: `551190000010${i}` }));
    const contactIds: number[] = [];
    for (const w of worlds) {
      const contactId = (await buildContact(db.pool, { companyId: w.companyId, number: w.number })).id;
      contactIds.push(contactId);
      await buildTicket(db.pool, {
        companyId: w.companyId,
        contactId,
        whatsappId: w.whatsappId,
        status: w === worlds[1] ? "nps" : "pending",
      });
    }
    await transaction(db.pool, async (client) => {
      const batch = await storeBatch(
        client,
        worlds.map((w, i) => ({
          companyId: w.companyId,
          contactId: contactIds[i]!,
          whatsappId: w.whatsappId,
          channel: "whatsappapi",
          last: "5",
          count: 1,
          isGroup: false,
        })),
        worlds.map((w, i) => ({
          id: crypto.randomUUID(),
          m: says(w, w.number, `wamid.r.${i}`),
          contactId: contactIds[i]!,
        })),
        [],
      );
      expect(batch.stored.size).toBe(3);
      const bodies = new Map(batch.tickets.map((t) => [t.id, { companyId: t.companyId, body: "5" }]));
      const separate = await rulesInPlay(client as pg.ClientBase, bodies);
      expect(batch.rules).toEqual(separate);
      expect(batch.rules.get(nps.companyId)?.ratings).toBe(true);
      expect(batch.rules.get(bot.companyId)?.bot).toBe(true);
      expect(Object.values(batch.rules.get(plain.companyId)!).some(Boolean)).toBe(false);
    });
  });
});
