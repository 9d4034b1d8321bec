import { describe, expect, it } from "vitest";
import { buildCompany, buildContact, buildTicket } from "../testing/factories.ts";
import { coreForFile, forFile } from "../testing/test-world.ts";
import { buildTicketWorld, logTypes, ticketChanges, ticketRow } from "../testing/tickets-factories.ts";

const core = coreForFile();
const w = forFile(() => buildTicketWorld(core));
/** Another company's ticket. */
const foreign = forFile(async () => {
  const company = await buildCompany(core.db.pool);
  const contact = await buildContact(core.db.pool, { companyId: company.id });
  return {
    companyId: company.id,
    ticketId: (await buildTicket(core.db.pool, { companyId: company.id, contactId: contact.id })).id,
  };
});

describe("#tickets.delete", () => {
  it("refuses a plain user with 403 ERR_NO_PERMISSION, keeping the ticket", async () => {
    const t = await w.ticket({ status: "open", userId: w.agent.id });
    const res = await core.api("DELETE", `/tickets/${t.id}`, { token: w.agent.token });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe("ERR_NO_PERMISSION");
    expect(await ticketRow(w.pool, t.id)).toBeDefined();
  });

  it("lets an admin delete a ticket with its messages, and tells the replicas", async () => {
    const t = await w.ticket({ status: "open", userId: w.agent.id });
    await w.pool.query(
      "INSERT INTO messages (id, company_id, ticket_id, body) VALUES (gen_random_uuid(), $1, $2, 'x')",
      [w.company.id, t.id],
    );
    const res = await core.api("DELETE", `/tickets/${t.id}`, { token: w.admin.token });
    expect(res.status).toBe(200);
    expect(await ticketRow(w.pool, t.id)).toBeUndefined();
    const left = await w.pool.query("SELECT count(*)::int AS n FROM messages WHERE ticket_id = $1", [t.id]);
    expect(left.rows[0].n).toBe(0);
    expect(await ticketChanges(w.pool, w.company.id, t.id)).toBe(1);
    const again = await core.api("DELETE", `/tickets/${t.id}`, { token: w.admin.token });
    expect(again.status).toBe(404);
  });

  it("answers 404 ERR_NO_TICKET_FOUND for another company's ticket and deletes nothing", async () => {
    const res = await core.api("DELETE", `/tickets/${foreign.ticketId}`, { token: w.admin.token });
    expect(res.status).toBe(404);
    expect(res.body.error).toBe("ERR_NO_TICKET_FOUND");
    expect(await ticketRow(w.pool, foreign.ticketId)).toBeDefined();
  });
});

describe("#tickets.closeAll", () => {
  it("refuses a plain user", async () => {
    const t = await w.ticket();
    const res = await core.api("POST", "/tickets/closeAll", {
      token: w.agent.token,
      body: { status: "pending", selectedQueueIds: [w.sales.id] },
    });
    expect(res.status).toBe(403);
    expect((await ticketRow(w.pool, t.id))?.status).toBe("pending");
  });

  it("closes every ticket of that status in the chosen queues of the caller's company only", async () => {
    const salesPending = await w.ticket();
    const supportPending = await w.ticket({ queueId: w.support.id });
    const salesOpen = await w.ticket({ status: "open", userId: w.agent.id });
    await w.pool.query("UPDATE tickets SET status = 'pending', queue_id = NULL WHERE id = $1", [foreign.ticketId]);
    const res = await core.api("POST", "/tickets/closeAll", {
      token: w.admin.token,
      body: { status: "pending", selectedQueueIds: [w.sales.id] },
    });
    expect(res.status).toBe(200);
    expect((await ticketRow(w.pool, salesPending.id))?.status).toBe("closed");
    expect(await logTypes(w.pool, salesPending.id)).toEqual(["closed"]);
    expect(await ticketChanges(w.pool, w.company.id, salesPending.id)).toBe(1);
    expect((await ticketRow(w.pool, supportPending.id))?.status).toBe("pending");
    expect((await ticketRow(w.pool, salesOpen.id))?.status).toBe("open");
    expect((await ticketRow(w.pool, foreign.ticketId))?.status).toBe("pending");
  });

  it("closes the status in every queue when no queue is chosen, still only in the caller's company", async () => {
    const a = await w.ticket({ status: "open", userId: w.agent.id });
    const b = await w.ticket({ status: "open", userId: w.admin.id, queueId: null });
    const res = await core.api("POST", "/tickets/closeAll", { token: w.admin.token, body: { status: "open" } });
    expect(res.body.closed).toBeGreaterThanOrEqual(2);
    expect((await ticketRow(w.pool, a.id))?.status).toBe("closed");
    expect((await ticketRow(w.pool, b.id))?.status).toBe("closed");
    const bad = await core.api("POST", "/tickets/closeAll", { token: w.admin.token, body: { status: "closed" } });
    expect(bad.status).toBe(400);
  });
});
