import { describe, expect, it } from "vitest";
import { buildContact, buildQueue, buildTicket } from "../testing/factories.ts";
import { buildInbox, buildMessage } from "../testing/messages-factories.ts";
import { coreForFile, forFile } from "../testing/test-world.ts";
import { MESSAGES_PAGE_SIZE } from "./list-messages.ts";

const core = coreForFile();
const s = forFile(() => buildInbox(core));
const other = forFile(() => buildInbox(core));

type Msg = { id: string; body: string };
const bodies = (list: Msg[]) => list.map((m) => m.body);

describe("#messages.list", () => {
  it("pages the conversation newest page first, oldest first within a page, by number or by cursor", async () => {
    const pool = core.db.pool;
    const contact = await buildContact(pool, { companyId: s.company.id });
    const ticket = await buildTicket(pool, { companyId: s.company.id, contactId: contact.id, whatsappId: s.wa.id });
    const total = MESSAGES_PAGE_SIZE + 5;
    for (let i = 0; i < total; i++) {
      await buildMessage(pool, { companyId: s.company.id, ticketId: ticket.id, body: `m${i}`, minutesAgo: total - i });
    }
    const first = await core.api("GET", `/messages/${ticket.id}`, { token: s.adminToken });
    expect(first.status).toBe(200);
    expect(bodies(first.body.messages)).toEqual(Array.from({ length: 20 }, (_, i) => `m${i + 5}`));
    expect(first.body.hasMore).toBe(true);

    const second = await core.api("GET", `/messages/${ticket.id}?pageNumber=2`, { token: s.adminToken });
    expect(bodies(second.body.messages)).toEqual(["m0", "m1", "m2", "m3", "m4"]);
    expect(second.body.hasMore).toBe(false);
    expect(second.body.nextCursor).toBeNull();

    const byCursor = await core.api("GET", `/messages/${ticket.id}?cursor=${first.body.nextCursor}`, {
      token: s.adminToken,
    });
    expect(bodies(byCursor.body.messages)).toEqual(bodies(second.body.messages));
  });

  it("answers each message with its quoted message, contact, queue and ticket", async () => {
    const pool = core.db.pool;
    const contact = await buildContact(pool, { companyId: s.company.id, name: "Quoted Person" });
    const ticket = await buildTicket(pool, {
      companyId: s.company.id,
      contactId: contact.id,
      whatsappId: s.wa.id,
      queueId: s.queue.id,
    });
    const asked = await buildMessage(pool, {
      companyId: s.company.id,
      ticketId: ticket.id,
      body: "price?",
      contactId: contact.id,
      queueId: s.queue.id,
      minutesAgo: 2,
    });
    await buildMessage(pool, {
      companyId: s.company.id,
      ticketId: ticket.id,
      body: "10 reais",
      fromMe: true,
      userId: s.admin.id,
      quotedMsgId: asked.id,
      minutesAgo: 1,
    });
    const res = await core.api("GET", `/messages/${ticket.id}`, { token: s.adminToken });
    const [question, answer] = res.body.messages;
    expect(question).toMatchObject({
      id: asked.id,
      body: "price?",
      fromMe: false,
      quotedMsg: null,
      contact: { name: "Quoted Person" },
      queue: { name: "Sales" },
      queueId: s.queue.id,
      ticket: { id: ticket.id, uuid: ticket.uuid, queueId: s.queue.id, whatsappId: s.wa.id },
    });
    expect(answer).toMatchObject({
      body: "10 reais",
      fromMe: true,
      quotedMsg: { id: asked.id, body: "price?", fromMe: false },
    });
    expect(answer.queue).toBeNull();
  });

  it("keeps only messages of the selected queues, plus those without a queue", async () => {
    const pool = core.db.pool;
    const support = await buildQueue(pool, { companyId: s.company.id, name: "Support" });
    const contact = await buildContact(pool, { companyId: s.company.id });
    const ticket = await buildTicket(pool, { companyId: s.company.id, contactId: contact.id, whatsappId: s.wa.id });
    await buildMessage(pool, {
      companyId: s.company.id,
      ticketId: ticket.id,
      body: "sales",
      queueId: s.queue.id,
      minutesAgo: 3,
    });
    await buildMessage(pool, {
      companyId: s.company.id,
      ticketId: ticket.id,
      body: "support",
      queueId: support.id,
      minutesAgo: 2,
    });
    await buildMessage(pool, { companyId: s.company.id, ticketId: ticket.id, body: "no queue", minutesAgo: 1 });
    const q = encodeURIComponent(JSON.stringify([support.id]));
    const res = await core.api("GET", `/messages/${ticket.id}?selectedQueues=${q}`, { token: s.adminToken });
    expect(bodies(res.body.messages)).toEqual(["support", "no queue"]);
    const all = await core.api("GET", `/messages/${ticket.id}?selectedQueues=[]`, { token: s.adminToken });
    expect(bodies(all.body.messages)).toEqual(["sales", "support", "no queue"]);
    const bad = await core.api("GET", `/messages/${ticket.id}?selectedQueues=nope`, { token: s.adminToken });
    expect(bad.status).toBe(400);
  });

  it("reads the contact's earlier tickets on the connection into the conversation, as far as the caller may see them", async () => {
    const pool = core.db.pool;
    const elsewhere = await buildQueue(pool, { companyId: s.company.id, name: "Elsewhere" });
    const contact = await buildContact(pool, { companyId: s.company.id });
    const old = await buildTicket(pool, {
      companyId: s.company.id,
      contactId: contact.id,
      whatsappId: s.wa.id,
      status: "closed",
      queueId: elsewhere.id,
    });
    const current = await buildTicket(pool, {
      companyId: s.company.id,
      contactId: contact.id,
      whatsappId: s.wa.id,
      status: "pending",
      queueId: s.queue.id,
    });
    await buildMessage(pool, { companyId: s.company.id, ticketId: old.id, body: "last year", minutesAgo: 60 });
    await buildMessage(pool, { companyId: s.company.id, ticketId: current.id, body: "today", minutesAgo: 1 });

    const admin = await core.api("GET", `/messages/${current.id}`, { token: s.adminToken });
    expect(bodies(admin.body.messages)).toEqual(["last year", "today"]);
    expect(admin.body.messages.map((m: { ticket: { id: number } }) => m.ticket.id)).toEqual([old.id, current.id]);

    // The agent works Sales only: the closed ticket of another queue stays hidden without allHistoric.
    const agent = await core.api("GET", `/messages/${current.id}`, { token: s.agentToken });
    expect(bodies(agent.body.messages)).toEqual(["today"]);
  });

  it("answers 404 for another company's ticket or one the caller may not see, 400 for a non-numeric id", async () => {
    const foreign = await core.api("GET", `/messages/${other.ticket.id}`, { token: s.adminToken });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error).toBe("ERR_NO_TICKET_FOUND");
    // s.ticket is the admin's open ticket; the agent has no allUserChat.
    const hidden = await core.api("GET", `/messages/${s.ticket.id}`, { token: s.agentToken });
    expect(hidden.status).toBe(404);
    const bad = await core.api("GET", "/messages/abc", { token: s.adminToken });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe("ID do Ticket inválido.");
  });
});
