// Spec 1 §3 Message: each message carries its ticket with the ticket's queue
// (id, name, colour) and owner, in the conversation and in the send answer.
import { describe, expect, it } from "vitest";
import { buildContact, buildTicket } from "../testing/factories.ts";
import { buildInbox, buildMessage } from "../testing/messages-factories.ts";
import { coreForFile, forFile } from "../testing/test-world.ts";

const core = coreForFile();
const s = forFile(() => buildInbox(core));
const queue = forFile(async () => ({
  color: (await core.db.pool.query("SELECT color FROM queues WHERE id = $1", [s.queue.id])).rows[0].color as string,
}));

describe("#messages.list ticket", () => {
  it("shows each message's ticket with its queue and owner", async () => {
    await buildMessage(core.db.pool, { companyId: s.company.id, ticketId: s.ticket.id, body: "oi" });
    const res = await core.api("GET", `/messages/${s.ticket.id}`, { token: s.adminToken });
    expect(res.status).toBe(200);
    expect(res.body.messages.at(-1).ticket).toEqual({
      id: s.ticket.id,
      uuid: s.ticket.uuid,
      queueId: s.queue.id,
      whatsappId: s.wa.id,
      queue: { id: s.queue.id, name: "Sales", color: queue.color },
      user: { id: s.admin.id, name: "Ana Admin" },
    });
  });

  it("answers null queue and owner for a ticket waiting without either", async () => {
    const contact = await buildContact(core.db.pool, { companyId: s.company.id });
    const ticket = await buildTicket(core.db.pool, {
      companyId: s.company.id,
      contactId: contact.id,
      whatsappId: s.wa.id,
    });
    await buildMessage(core.db.pool, { companyId: s.company.id, ticketId: ticket.id, body: "alguém?" });
    const res = await core.api("GET", `/messages/${ticket.id}`, { token: s.adminToken });
    expect(res.body.messages[0].ticket).toMatchObject({ id: ticket.id, queue: null, user: null });
  });

  it("answers the ticket's queue and owner as they are now, also when sending", async () => {
    const res = await core.api("POST", `/messages/${s.ticket.id}`, { token: s.adminToken, body: { body: "olá" } });
    expect(res.status).toBe(200);
    expect(res.body.messages[0].ticket).toMatchObject({
      queue: { id: s.queue.id, name: "Sales", color: queue.color },
      user: { id: s.admin.id, name: "Ana Admin" },
    });
  });
});

describe("#messages.list vCard", () => {
  it("answers a contact card's person as vCard, and null for other messages", async () => {
    const res = await core.api("POST", `/messages/${s.ticket.id}`, {
      token: s.adminToken,
      body: { body: "", vCard: { name: "Fulano de Tal", number: "5511988887777" } },
    });
    expect(res.status).toBe(200);
    expect(res.body.messages[0]).toMatchObject({
      mediaType: "contactMessage",
      vCard: { name: "Fulano de Tal", number: "5511988887777" },
    });
    const list = await core.api("GET", `/messages/${s.ticket.id}`, { token: s.adminToken });
    const card = list.body.messages.find((m: { mediaType: string }) => m.mediaType === "contactMessage");
    expect(card.vCard).toEqual({ name: "Fulano de Tal", number: "5511988887777" });
    expect(list.body.messages.find((m: { mediaType: string }) => m.mediaType === "chat").vCard).toBeNull();
  });
});
