import { describe, expect, it } from "vitest";
import { buildTicketNote } from "../testing/contacts-factories.ts";
import { buildCompany, buildContact, buildQueue, buildTicket, buildUser } from "../testing/factories.ts";
import { coreForFile, forFile } from "../testing/test-world.ts";

const core = coreForFile();
const w = forFile(async () => {
  const pool = core.db.pool;
  const companyId = (await buildCompany(pool)).id;
  const otherCompanyId = (await buildCompany(pool)).id;
  const users = [
    await buildUser(pool, { companyId, profile: "admin", name: "Ada" }),
    await buildUser(pool, { companyId, profile: "user", name: "Beto" }),
    await buildUser(pool, { companyId, profile: "user", name: "Caio" }),
    await buildUser(pool, { companyId: otherCompanyId, profile: "admin", name: "Outro" }),
  ];
  const sessions = await Promise.all(users.map((u) => core.login(u.email, u.password)));
  const [admin, agent, colleague, otherAdmin] = users.map((u, i) => ({ id: u.id, token: sessions[i]!.token }));
  return { companyId, otherCompanyId, admin: admin!, agent: agent!, colleague: colleague!, otherAdmin: otherAdmin! };
});

/** A ticket the agent owns (so plain users who own it see it). */
async function ownedTicket(userId = w.agent.id) {
  const contact = await buildContact(core.db.pool, { companyId: w.companyId });
  const ticket = await buildTicket(core.db.pool, {
    companyId: w.companyId,
    contactId: contact.id,
    userId,
    status: "open",
  });
  return { contactId: contact.id, ticketId: ticket.id };
}

const noteCount = async (ticketId: number) =>
  (await core.db.pool.query("SELECT count(*)::int AS n FROM ticket_notes WHERE ticket_id = $1", [ticketId])).rows[0].n;

describe("#ticket-notes.create", () => {
  it("stores a note by the caller on the ticket and its contact", async () => {
    const t = await ownedTicket();
    const res = await core.api("POST", "/ticket-notes", {
      token: w.agent.token,
      body: { note: "  Cliente pediu retorno amanhã ", ticketId: t.ticketId, contactId: t.contactId },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      note: "Cliente pediu retorno amanhã",
      ticketId: t.ticketId,
      contactId: t.contactId,
      userId: w.agent.id,
      user: { id: w.agent.id, name: "Beto" },
    });
  });

  it("answers 'Too Short!' for a one-character note and 'Required' for none, storing nothing", async () => {
    const t = await ownedTicket();
    const short = await core.api("POST", "/ticket-notes", {
      token: w.agent.token,
      body: { note: "x", ticketId: t.ticketId },
    });
    expect(short.status).toBe(400);
    expect(short.body.fields.note).toBe("Too Short!");
    const none = await core.api("POST", "/ticket-notes", { token: w.agent.token, body: { ticketId: t.ticketId } });
    expect(none.body.fields.note).toBe("Required");
    expect(await noteCount(t.ticketId)).toBe(0);
  });

  it("answers ERR_NO_TICKET_FOUND for a ticket of another company or one the user may not see", async () => {
    const t = await ownedTicket();
    const queue = await buildQueue(core.db.pool, { companyId: w.companyId });
    const contact = await buildContact(core.db.pool, { companyId: w.companyId });
    const hidden = await buildTicket(core.db.pool, {
      companyId: w.companyId,
      contactId: contact.id,
      queueId: queue.id,
    });
    for (const [token, ticketId] of [
      [w.otherAdmin.token, t.ticketId],
      [w.agent.token, hidden.id],
    ] as const) {
      const res = await core.api("POST", "/ticket-notes", { token, body: { note: "olá", ticketId } });
      expect(res.status).toBe(404);
      expect(res.body.error).toBe("ERR_NO_TICKET_FOUND");
    }
    expect(await noteCount(t.ticketId)).toBe(0);
    expect(await noteCount(hidden.id)).toBe(0);
  });

  it("refuses a contact that is not the ticket's", async () => {
    const t = await ownedTicket();
    const foreign = await buildContact(core.db.pool, { companyId: w.otherCompanyId });
    const res = await core.api("POST", "/ticket-notes", {
      token: w.agent.token,
      body: { note: "olá", ticketId: t.ticketId, contactId: foreign.id },
    });
    expect(res.status).toBe(404);
    expect(res.body.error).toBe("ERR_NO_CONTACT_FOUND");
    expect(await noteCount(t.ticketId)).toBe(0);
  });
});

describe("#ticket-notes.list", () => {
  it("answers the ticket's notes newest first with their author", async () => {
    const t = await ownedTicket();
    const base = { companyId: w.companyId, ticketId: t.ticketId, contactId: t.contactId };
    await buildTicketNote(core.db.pool, {
      ...base,
      userId: w.agent.id,
      note: "primeira",
      createdAt: "2024-01-01T10:00:00Z",
    });
    await buildTicketNote(core.db.pool, {
      ...base,
      userId: w.admin.id,
      note: "segunda",
      createdAt: "2024-01-02T10:00:00Z",
    });
    const other = await ownedTicket();
    await buildTicketNote(core.db.pool, { companyId: w.companyId, ...other, userId: w.agent.id, note: "outro ticket" });
    const res = await core.api("GET", `/ticket-notes/list?ticketId=${t.ticketId}&contactId=${t.contactId}`, {
      token: w.agent.token,
    });
    expect(res.status).toBe(200);
    expect(res.body.map((n: { note: string; user: { name: string } }) => [n.note, n.user.name])).toEqual([
      ["segunda", "Ada"],
      ["primeira", "Beto"],
    ]);
  });

  it("answers 404 for another company's ticket and for a ticket the user may not see", async () => {
    const t = await ownedTicket(w.colleague.id);
    await buildTicketNote(core.db.pool, { companyId: w.companyId, ...t, userId: w.colleague.id });
    const foreign = await core.api("GET", `/ticket-notes/list?ticketId=${t.ticketId}`, { token: w.otherAdmin.token });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error).toBe("ERR_NO_TICKET_FOUND");
    // The colleague's ticket in progress, outside any queue: not the agent's to read.
    const hidden = await core.api("GET", `/ticket-notes/list?ticketId=${t.ticketId}`, { token: w.agent.token });
    expect(hidden.status).toBe(404);
    const byContact = await core.api("GET", `/ticket-notes/list?contactId=${t.contactId}`, { token: w.agent.token });
    expect(byContact.body).toEqual([]);
  });
});

describe("#ticket-notes.delete", () => {
  it("lets the author and an admin delete a note, and refuses another user", async () => {
    const t = await ownedTicket();
    const base = { companyId: w.companyId, ...t };
    const mine = await buildTicketNote(core.db.pool, { ...base, userId: w.agent.id });
    const theirs = await buildTicketNote(core.db.pool, { ...base, userId: w.colleague.id });
    const refused = await core.api("DELETE", `/ticket-notes/${theirs.id}`, { token: w.agent.token });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe("ERR_NO_PERMISSION");
    expect((await core.api("DELETE", `/ticket-notes/${mine.id}`, { token: w.agent.token })).status).toBe(200);
    expect(await noteCount(t.ticketId)).toBe(1);
    const foreign = await core.api("DELETE", `/ticket-notes/${theirs.id}`, { token: w.otherAdmin.token });
    expect(foreign.status).toBe(404);
    expect(await noteCount(t.ticketId)).toBe(1);
    expect((await core.api("DELETE", `/ticket-notes/${theirs.id}`, { token: w.admin.token })).status).toBe(200);
    expect(await noteCount(t.ticketId)).toBe(0);
  });
});
