// GET /messages-search (issue 21, decision 0089): message text across the conversations the caller may see, as
// messages; scoped to the company and, for an agent, to what their list shows; bounded.
import { describe, expect, it } from "vitest";
import { SEARCH_MAX_LIMIT } from "../contract/search.ts";
import { buildCompany, buildContact, buildQueue, buildTicket, buildUser, buildWhatsapp } from "../testing/factories.ts";
import { buildInbox, buildMessage } from "../testing/messages-factories.ts";
import { coreForFile, forFile } from "../testing/test-world.ts";
import { searchQuery } from "./search-messages.ts";

const core = coreForFile();
const w = forFile(async () => {
  const s = await buildInbox(core);
  const pool = core.db.pool;
  const finance = await buildQueue(pool, { companyId: s.company.id, name: "Finance" });
  const ticket = async (o: { status: string; queueId: number | null; userId: number | null; name: string }) => {
    const contact = await buildContact(pool, { companyId: s.company.id, name: o.name });
    return buildTicket(pool, {
      companyId: s.company.id,
      contactId: contact.id,
      whatsappId: s.wa.id,
      status: o.status as "open",
      queueId: o.queueId,
      userId: o.userId,
    });
  };
  // Waiting in the agent's queue: the agent sees it.
  const waiting = await ticket({ status: "pending", queueId: s.queue.id, userId: null, name: "Paula Pix" });
  // Another queue's conversation: only the admin.
  const otherQueue = await ticket({ status: "pending", queueId: finance.id, userId: null, name: "Fabio Finance" });
  // The admin's conversation in progress, in the agent's queue: not the agent's (no allUserChat).
  const adminsWork = await ticket({ status: "open", queueId: s.queue.id, userId: s.admin.id, name: "Alice Admin" });
  const say = (ticketId: number, body: string, o: { minutesAgo?: number; fromMe?: boolean } = {}) =>
    buildMessage(pool, {
      companyId: s.company.id,
      ticketId,
      body,
      fromMe: o.fromMe ?? false,
      minutesAgo: o.minutesAgo,
    });
  const hit = await say(waiting.id, "Quero pagar com pix amanhã, pedido 12345", { minutesAgo: 3 });
  const reply = await say(waiting.id, "Pode pagar pelo PIX sim", { minutesAgo: 2, fromMe: true });
  const deleted = await say(waiting.id, "meu pix é a chave secreta 999", { minutesAgo: 1 });
  await pool.query("UPDATE messages SET is_deleted = true WHERE id = $1", [deleted.id]);
  const otherQueueHit = await say(otherQueue.id, "o pix do financeiro caiu");
  const adminsHit = await say(adminsWork.id, "pix enviado agora");
  // Another company's conversation with the same words.
  const b = await buildCompany(pool);
  const bWa = await buildWhatsapp(pool, { companyId: b.id });
  const bContact = await buildContact(pool, { companyId: b.id, name: "Outra Empresa" });
  const bTicket = await buildTicket(pool, { companyId: b.id, contactId: bContact.id, whatsappId: bWa.id });
  await buildMessage(pool, { companyId: b.id, ticketId: bTicket.id, body: "pix segredo da outra empresa" });
  const bAdmin = await buildUser(pool, { companyId: b.id, profile: "admin" });
  const bToken = (await core.login(bAdmin.email, bAdmin.password)).token;
  return { ...s, waiting, otherQueue, adminsWork, hit, reply, deleted, otherQueueHit, adminsHit, bToken };
});

const search = (token: string, query: string) => core.api("GET", `/messages-search?${query}`, { token });
const ids = (body: { messages: { id: string }[] }) => body.messages.map((m) => m.id);

describe("#messages.search", () => {
  it("finds an admin every matching message of the company, newest first, as messages that open their ticket", async () => {
    const res = await search(w.adminToken, "searchParam=pix");
    expect(res.status).toBe(200);
    expect(ids(res.body)).toEqual([w.adminsHit.id, w.otherQueueHit.id, w.reply.id, w.hit.id]);
    expect(res.body.messages.find((m: { id: string }) => m.id === w.hit.id)).toEqual({
      id: w.hit.id,
      ticketId: w.waiting.id,
      ticketUuid: w.waiting.uuid,
      ticketStatus: "pending",
      body: "Quero pagar com pix amanhã, pedido 12345",
      fromMe: false,
      isPrivate: false,
      createdAt: expect.any(String),
      contact: { id: expect.any(Number), name: "Paula Pix", urlPicture: null },
    });
    expect(res.body).toMatchObject({ hasMore: false, timedOut: false });
    // A deleted message's text is never found, and another company's never shows.
    expect(JSON.stringify(res.body)).not.toContain("secreta");
    expect(JSON.stringify(res.body)).not.toContain("outra empresa");
  });

  it("finds an agent only what their list shows: not another queue's messages nor a colleague's work in progress", async () => {
    const res = await search(w.agentToken, "searchParam=pix");
    expect(res.status).toBe(200);
    expect(ids(res.body).sort()).toEqual([w.hit.id, w.reply.id].sort());
  });

  it("matches each word as the start of a word, in Portuguese (pagando and pedidos find pagar and pedido), and numbers", async () => {
    expect(ids((await search(w.adminToken, "searchParam=pagando%20pix")).body).sort()).toEqual(
      [w.hit.id, w.reply.id].sort(),
    );
    expect(ids((await search(w.adminToken, "searchParam=pedidos")).body)).toEqual([w.hit.id]);
    expect(ids((await search(w.adminToken, "searchParam=1234")).body)).toEqual([w.hit.id]);
    expect(ids((await search(w.adminToken, "searchParam=pix%20boleto")).body)).toEqual([]);
  });

  it("keeps to its bounds: 3 characters at least, a limit with hasMore, and no more than the most", async () => {
    const short = await search(w.adminToken, "searchParam=pi");
    expect(short.status).toBe(400);
    expect(short.body.error).toBe("ERR_VALIDATION");
    const symbols = await search(w.adminToken, "searchParam=%21%21%21");
    expect(symbols.status).toBe(400);
    expect(symbols.body.error).toBe("ERR_VALIDATION");
    const missing = await search(w.adminToken, "");
    expect(missing.status).toBe(400);
    const one = await search(w.adminToken, "searchParam=pix&limit=1");
    expect(one.body.messages).toHaveLength(1);
    expect(one.body.hasMore).toBe(true);
    const tooMany = await search(w.adminToken, `searchParam=pix&limit=${SEARCH_MAX_LIMIT + 1}`);
    expect(tooMany.status).toBe(400);
  });

  it("answers another company only its own messages", async () => {
    const res = await search(w.bToken, "searchParam=pix");
    expect(res.status).toBe(200);
    expect(res.body.messages.map((m: { body: string }) => m.body)).toEqual(["pix segredo da outra empresa"]);
  });

  it("is refused without a session", async () => {
    const res = await core.api("GET", "/messages-search?searchParam=pix");
    expect(res.status).toBe(401);
  });

  it("reads the full-text index, not the whole messages table", async () => {
    const client = await core.db.pool.connect();
    try {
      await client.query("BEGIN");
      await client.query("SET LOCAL enable_seqscan = off");
      const plan = await client.query(
        "EXPLAIN SELECT m.id FROM messages m WHERE to_tsvector('portuguese', m.body) @@ to_tsquery('portuguese', $1)",
        [searchQuery("pix amanhã")],
      );
      expect(plan.rows.map((r) => r["QUERY PLAN"]).join("\n")).toContain("messages_search_body");
      await client.query("ROLLBACK");
    } finally {
      client.release();
    }
  });
});

describe("searchQuery", () => {
  it("keeps only letters and digits of each word, each as a prefix, all required", () => {
    expect(searchQuery("Pix: amanhã & 12'3")).toBe("pix:* & amanhã:* & 12:* & 3:*");
    expect(searchQuery("!!! ***")).toBeNull();
  });
});
