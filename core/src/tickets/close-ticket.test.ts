import { describe, expect, it } from "vitest";
import { setForTest } from "../testing/flags.ts";
import { coreForFile, forFile } from "../testing/test-world.ts";
import { buildTicketWorld, logTypes, outbound, ticketChanges, ticketRow } from "../testing/tickets-factories.ts";

const core = coreForFile();
const w = forFile(async () => {
  const w = await buildTicketWorld(core);
  await w.pool.query("UPDATE whatsapps SET farewell_message = $2 WHERE id = $1", [
    w.wa.id,
    "Obrigado, {{firstName}}! Protocolo {{protocol}}.",
  ]);
  return w;
});

const put = (token: string, id: number, body: unknown) => core.api("PUT", `/tickets/${id}`, { token, body });
const resolveBody = (sendFarewellMessage: boolean) => ({
  status: "closed",
  sendFarewellMessage,
  useIntegration: false,
});

describe("#tickets.update resolve", () => {
  it("closes an open ticket and queues the connection's farewell, rendered", async () => {
    const t = await w.ticket({ status: "open", userId: w.agent.id, contactName: "Paula Lima" });
    const before = await ticketChanges(w.pool, w.company.id, t.id);
    const res = await put(w.agent.token, t.id, resolveBody(true));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "closed", userId: w.agent.id });
    const row = await ticketRow(w.pool, t.id);
    expect(row?.closed_at).toBeInstanceOf(Date);
    const sent = await outbound(w.pool, t.id);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ send_state: "queued", is_private: false });
    expect(sent[0]!.body).toMatch(new RegExp(`^Obrigado, Paula! Protocolo \\d{14}${t.id}\\.$`));
    expect(await logTypes(w.pool, t.id)).toEqual(["closed"]);
    expect(await ticketChanges(w.pool, w.company.id, t.id)).toBeGreaterThan(before);
  });

  it("closes silently when sendFarewellMessage is false", async () => {
    const t = await w.ticket({ status: "open", userId: w.agent.id });
    const res = await put(w.agent.token, t.id, resolveBody(false));
    expect(res.body.status).toBe("closed");
    expect(await outbound(w.pool, t.id)).toEqual([]);
  });

  it("prefers the resolving agent's own farewell message", async () => {
    await setForTest(w.pool, "users", w.other.id, { farewell_message: "Até logo, {{name}}. {{userName}}" });
    const t = await w.ticket({ status: "open", userId: w.other.id, contactName: "Rita Alves" });
    await put(w.other.token, t.id, resolveBody(true));
    expect((await outbound(w.pool, t.id)).map((m) => m.body)).toEqual([`Até logo, Rita Alves. ${w.other.name}`]);
  });

  it("refuses to close a contact without tag when requiredTag is on, with the spec's message", async () => {
    await w.setting("requiredTag", "enabled");
    const t = await w.ticket({ status: "open", userId: w.agent.id });
    const refused = await put(w.agent.token, t.id, resolveBody(true));
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe("You must assign a tag before closing the ticket.");
    expect((await ticketRow(w.pool, t.id))?.status).toBe("open");
    expect(await outbound(w.pool, t.id)).toEqual([]);
    const tag = await w.pool.query<{ id: number }>("INSERT INTO tags (company_id, name) VALUES ($1, $2) RETURNING id", [
      w.company.id,
      `vip-${t.id}`,
    ]);
    await w.pool.query("INSERT INTO contact_tags (contact_id, tag_id, company_id) VALUES ($1, $2, $3)", [
      t.contactId,
      tag.rows[0]!.id,
      w.company.id,
    ]);
    expect((await put(w.agent.token, t.id, resolveBody(false))).body.status).toBe("closed");
  });

  it("waits for the contact's rating (status nps) when userRating is on", async () => {
    await w.setting("userRating", "enabled");
    const t = await w.ticket({ status: "open", userId: w.agent.id });
    const res = await put(w.agent.token, t.id, resolveBody(false));
    expect(res.body).toMatchObject({ status: "nps", userId: w.agent.id });
    expect((await ticketRow(w.pool, t.id))?.closed_at).toBeNull();
    // Still in progress: the contact's reply (the rating) lands on this ticket, and a second resolve closes it.
    expect((await put(w.admin.token, t.id, resolveBody(false))).body.status).toBe("closed");
  });

  it("answers 404 for a ticket the agent may not see, closing nothing", async () => {
    const t = await w.ticket({ status: "open", userId: w.admin.id, queueId: w.support.id });
    const res = await put(w.agent.token, t.id, resolveBody(false));
    expect(res.status).toBe(404);
    expect(res.body.error).toBe("ERR_NO_TICKET_FOUND");
    expect((await ticketRow(w.pool, t.id))?.status).toBe("open");
  });
});

describe("#tickets.update ignore", () => {
  const ignoreBody = { status: "closed", sendFarewellMessage: false, amountUsedBotQueues: 0 };

  it("refuses a plain user ignoring a pending ticket", async () => {
    const t = await w.ticket();
    const res = await put(w.agent.token, t.id, ignoreBody);
    expect(res.status).toBe(403);
    expect(res.body.error).toBe("ERR_NO_PERMISSION");
    expect((await ticketRow(w.pool, t.id))?.status).toBe("pending");
  });

  it("lets a user with userClosePendingTicket ignore: closed, no farewell, bot counter reset", async () => {
    await setForTest(w.pool, "users", w.agent.id, { user_close_pending_ticket: "enabled" });
    const t = await w.ticket();
    await w.pool.query("UPDATE tickets SET amount_used_bot_queues = 3 WHERE id = $1", [t.id]);
    const res = await put(w.agent.token, t.id, { status: "closed", sendFarewellMessage: false });
    expect(res.status).toBe(200);
    expect(await ticketRow(w.pool, t.id)).toMatchObject({ status: "closed", amount_used_bot_queues: 0 });
    expect(await outbound(w.pool, t.id)).toEqual([]);
    expect(await logTypes(w.pool, t.id)).toEqual(["closed"]);
  });

  it("lets an admin ignore a ticket waiting for LGPD consent", async () => {
    const t = await w.ticket({ status: "lgpd" });
    const res = await put(w.admin.token, t.id, ignoreBody);
    expect(res.body.status).toBe("closed");
  });
});

describe("#tickets.update close pending", () => {
  it("refuses a plain user without showDashboard closing a pending ticket", async () => {
    const t = await w.ticket();
    const res = await put(w.agent.token, t.id, { status: "closed", sendFarewellMessage: true });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe("ERR_NO_PERMISSION");
    expect((await ticketRow(w.pool, t.id))?.status).toBe("pending");
    expect(await outbound(w.pool, t.id)).toEqual([]);
  });

  it("lets a user with showDashboard close a pending ticket", async () => {
    await setForTest(w.pool, "users", w.agent.id, { show_dashboard: "enabled" });
    const t = await w.ticket();
    await w.pool.query("UPDATE tickets SET amount_used_bot_queues = 2 WHERE id = $1", [t.id]);
    const res = await put(w.agent.token, t.id, { status: "closed" });
    expect(res.body.status).toBe("closed");
    // A close, not an ignore: the bot counter stays.
    expect((await ticketRow(w.pool, t.id))?.amount_used_bot_queues).toBe(2);
  });
});
