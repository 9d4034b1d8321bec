import { describe, expect, it } from "vitest";
import { buildContact, buildTicket } from "../testing/factories.ts";
import { settingForTest } from "../testing/flags.ts";
import { buildInbox, buildMessage } from "../testing/messages-factories.ts";
import { coreForFile, forFile } from "../testing/test-world.ts";

const core = coreForFile();
const s = forFile(() => buildInbox(core));
const other = forFile(() => buildInbox(core));
const original = forFile(() =>
  buildMessage(core.db.pool, {
    companyId: s.company.id,
    ticketId: s.ticket.id,
    body: "o boleto vence amanhã",
    fromMe: false,
  }),
);

const forward = (body: Record<string, unknown>, token = s.adminToken) =>
  core.api("POST", "/message/forward", { token, body });

const ticketsOf = async (contactId: number) =>
  (
    await core.db.pool.query("SELECT id, status, user_id, whatsapp_id FROM tickets WHERE contact_id = $1 ORDER BY id", [
      contactId,
    ])
  ).rows;

describe("#messages.forward", () => {
  it("opens a ticket for a contact without one, owned by the agent, and queues the copy marked forwarded", async () => {
    const contact = await buildContact(core.db.pool, { companyId: s.company.id });
    const res = await forward({ messageId: original.id, contactId: contact.id, signMessage: false });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ body: "o boleto vence amanhã", isForwarded: true, fromMe: true });
    const tickets = await ticketsOf(contact.id);
    expect(tickets).toEqual([{ id: res.body.ticketId, status: "open", user_id: s.admin.id, whatsapp_id: s.wa.id }]);
    const sent = await core.db.pool.query("SELECT send_state, is_forwarded FROM messages WHERE id = $1", [res.body.id]);
    expect(sent.rows[0]).toEqual({ send_state: "queued", is_forwarded: true });
    const log = await core.db.pool.query("SELECT type FROM ticket_logs WHERE ticket_id = $1 ORDER BY id", [
      res.body.ticketId,
    ]);
    expect(log.rows.map((r) => r.type)).toEqual(["create", "open"]);
  });

  it("uses the contact's ticket in progress, and signs the copy only when the company allows signatures", async () => {
    const contact = await buildContact(core.db.pool, { companyId: s.company.id });
    const ticket = await buildTicket(core.db.pool, {
      companyId: s.company.id,
      contactId: contact.id,
      whatsappId: s.wa.id,
      status: "open",
      userId: s.admin.id,
    });
    await settingForTest(core.db.pool, s.company.id, "sendSignMessage", "enabled");
    const signed = await forward({ messageId: original.id, contactId: contact.id, signMessage: true });
    expect(signed.body).toMatchObject({ ticketId: ticket.id, body: "*Ana Admin:*\no boleto vence amanhã" });
    await settingForTest(core.db.pool, s.company.id, "sendSignMessage", "disabled");
    const plain = await forward({ messageId: original.id, contactId: contact.id, signMessage: true });
    expect(plain.body).toMatchObject({ ticketId: ticket.id, body: "o boleto vence amanhã" });
    expect(await ticketsOf(contact.id)).toHaveLength(1);
  });

  it("names the holder when another agent works the contact's ticket the caller cannot see", async () => {
    const contact = await buildContact(core.db.pool, { companyId: s.company.id });
    await buildTicket(core.db.pool, {
      companyId: s.company.id,
      contactId: contact.id,
      whatsappId: s.wa.id,
      status: "open",
      userId: s.admin.id,
      queueId: s.queue.id,
    });
    const agentsOwn = await buildTicket(core.db.pool, {
      companyId: s.company.id,
      contactId: (await buildContact(core.db.pool, { companyId: s.company.id })).id,
      whatsappId: s.wa.id,
      status: "open",
      userId: s.agent.id,
      queueId: s.queue.id,
    });
    const note = await buildMessage(core.db.pool, { companyId: s.company.id, ticketId: agentsOwn.id, body: "fwd me" });
    const res = await forward({ messageId: note.id, contactId: contact.id }, s.agentToken);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      error: "ERR_OTHER_OPEN_TICKET",
      data: { userId: s.admin.id, userName: "Ana Admin" },
    });
  });

  it("refuses private notes, blocked contacts, other companies' records and a missing message", async () => {
    const contact = await buildContact(core.db.pool, { companyId: s.company.id });
    const note = await buildMessage(core.db.pool, { companyId: s.company.id, ticketId: s.ticket.id, isPrivate: true });
    const privateRes = await forward({ messageId: note.id, contactId: contact.id });
    expect(privateRes.status).toBe(403);

    const blocked = await buildContact(core.db.pool, { companyId: s.company.id });
    await core.db.pool.query("UPDATE contacts SET active = false WHERE id = $1", [blocked.id]);
    const blockedRes = await forward({ messageId: original.id, contactId: blocked.id });
    expect(blockedRes.status).toBe(403);
    expect(await ticketsOf(blocked.id)).toEqual([]);

    const foreignContact = await forward({ messageId: original.id, contactId: other.contact.id });
    expect(foreignContact.status).toBe(404);
    expect(foreignContact.body.error).toBe("ERR_NO_CONTACT_FOUND");
    const foreignMessage = await forward({ messageId: original.id, contactId: contact.id }, other.adminToken);
    expect(foreignMessage.status).toBe(404);

    const none = await forward({ contactId: contact.id });
    expect(none.status).toBe(400);
    expect(none.body.fields.messageId).toBe("No message selected");
    expect(await ticketsOf(contact.id)).toEqual([]);
    expect(await ticketsOf(other.contact.id)).toHaveLength(1);
  });
});
