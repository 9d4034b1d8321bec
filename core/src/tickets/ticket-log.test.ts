import { describe, expect, it } from "vitest";
import { buildCompany, buildContact, buildTicket } from "../testing/factories.ts";
import { coreForFile, forFile } from "../testing/test-world.ts";
import { buildTicketWorld, ticketRow } from "../testing/tickets-factories.ts";

const core = coreForFile();
const w = forFile(() => buildTicketWorld(core));
/** Another company's ticket. */
const foreign = forFile(async () => {
  const company = await buildCompany(core.db.pool);
  const contact = await buildContact(core.db.pool, { companyId: company.id });
  return buildTicket(core.db.pool, { companyId: company.id, contactId: contact.id });
});

const put = (token: string, id: number, body: unknown) => core.api("PUT", `/tickets/${id}`, { token, body });

describe("#tickets-log.show", () => {
  it("tells a ticket's life oldest first, with who and which queue", async () => {
    const c = await w.contact();
    const created = await core.api("POST", "/tickets", {
      token: w.admin.token,
      body: { contactId: c.id, queueId: w.sales.id, whatsappId: w.wa.id, status: "pending" },
    });
    const id: number = created.body.id;
    expect((await put(w.agent.token, id, { status: "open" })).status).toBe(200);
    expect((await put(w.agent.token, id, { status: "pending" })).status).toBe(200);
    const transfer = { userId: w.other.id, queueId: w.sales.id, status: "open", isTransfered: true };
    expect((await put(w.admin.token, id, transfer)).status).toBe(200);
    expect((await put(w.other.token, id, { status: "closed", sendFarewellMessage: false })).status).toBe(200);
    expect((await put(w.agent.token, id, { status: "open" })).status).toBe(200);

    const res = await core.api("GET", `/tickets-log/${id}`, { token: w.agent.token });
    expect(res.status).toBe(200);
    const sales = { id: w.sales.id, name: `Sales ${w.company.id}` };
    const who = (u: { id: number; name: string }) => ({ id: u.id, name: u.name });
    expect(res.body.map((e: { type: string; user: unknown; queue: unknown }) => [e.type, e.user, e.queue])).toEqual([
      ["create", who(w.admin), sales],
      ["open", who(w.agent), sales],
      ["pending", who(w.agent), sales],
      ["transfered", who(w.admin), sales],
      ["receivedTransfer", who(w.other), sales],
      ["closed", who(w.other), sales],
      ["reopen", who(w.agent), sales],
    ]);
    const times = res.body.map((e: { createdAt: string }) => Date.parse(e.createdAt));
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it("records an access when an agent opens the ticket, and reads their own ticket's unread messages", async () => {
    const t = await w.ticket({ status: "open", userId: w.agent.id, unread: 4 });
    const opened = await core.api("GET", `/tickets/u/${t.uuid}`, { token: w.agent.token });
    expect(opened.status).toBe(200);
    expect((await ticketRow(w.pool, t.id))?.unread_messages).toBe(0);
    // Someone else looking is an access too, but leaves the owner's unread count alone.
    await w.pool.query("UPDATE tickets SET unread_messages = 2 WHERE id = $1", [t.id]);
    await core.api("GET", `/tickets/u/${t.uuid}`, { token: w.admin.token });
    expect((await ticketRow(w.pool, t.id))?.unread_messages).toBe(2);
    const log = await core.api("GET", `/tickets-log/${t.id}`, { token: w.admin.token });
    expect(log.body.map((e: { type: string; user: { id: number } }) => [e.type, e.user.id])).toEqual([
      ["access", w.agent.id],
      ["access", w.admin.id],
    ]);
  });

  it("logs no access for a ticket the caller may not see", async () => {
    const t = await w.ticket({ queueId: w.support.id });
    const res = await core.api("GET", `/tickets/u/${t.uuid}`, { token: w.agent.token });
    // The list's route answers the refusal (its code is its own); this only checks nothing was logged.
    expect(res.status).toBeGreaterThanOrEqual(400);
    const { rows } = await w.pool.query("SELECT count(*)::int AS n FROM ticket_logs WHERE ticket_id = $1", [t.id]);
    expect(rows[0].n).toBe(0);
  });

  it("answers 404 ERR_NO_TICKET_FOUND for another company's ticket or one the agent may not see", async () => {
    const hidden = await w.ticket({ queueId: w.support.id });
    for (const id of [foreign.id, hidden.id]) {
      const res = await core.api("GET", `/tickets-log/${id}`, { token: w.agent.token });
      expect(res.status).toBe(404);
      expect(res.body.error).toBe("ERR_NO_TICKET_FOUND");
    }
  });
});
