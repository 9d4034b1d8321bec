import { describe, expect, it } from "vitest";
import { buildCompany, buildContact, buildTicket, buildUser, buildWhatsapp } from "../testing/factories.ts";
import { setForTest } from "../testing/flags.ts";
import { coreForFile, forFile } from "../testing/test-world.ts";
import { buildTicketWorld, logTypes, outbound, ticketChanges, ticketRow } from "../testing/tickets-factories.ts";

const core = coreForFile();
const w = forFile(() => buildTicketWorld(core));
/** Another company's ticket and user. */
const otherCompany = forFile(async () => {
  const company = await buildCompany(core.db.pool);
  const contact = await buildContact(core.db.pool, { companyId: company.id });
  return {
    ticketId: (await buildTicket(core.db.pool, { companyId: company.id, contactId: contact.id })).id,
    userId: (await buildUser(core.db.pool, { companyId: company.id })).id,
  };
});

const put = (token: string, id: number, body: unknown) => core.api("PUT", `/tickets/${id}`, { token, body });

describe("#tickets.update accept", () => {
  it("opens a pending ticket with the caller as owner, resetting its unread count", async () => {
    const t = await w.ticket({ unread: 3 });
    await w.pool.query(
      `INSERT INTO messages (id, company_id, ticket_id, body, from_me, read)
       VALUES (gen_random_uuid(), $1, $2, 'oi', false, false)`,
      [w.company.id, t.id],
    );
    const before = await ticketChanges(w.pool, w.company.id, t.id);
    const res = await put(w.agent.token, t.id, { status: "open", userId: w.agent.id });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "open", userId: w.agent.id, unreadMessages: 0 });
    expect(await ticketRow(w.pool, t.id)).toMatchObject({ status: "open", user_id: w.agent.id, unread_messages: 0 });
    const unread = await w.pool.query("SELECT count(*)::int AS n FROM messages WHERE ticket_id = $1 AND NOT read", [
      t.id,
    ]);
    expect(unread.rows[0].n).toBe(0);
    expect(await logTypes(w.pool, t.id)).toEqual(["open"]);
    expect(await ticketChanges(w.pool, w.company.id, t.id)).toBeGreaterThan(before);
  });

  it("opens a WhatsApp group ticket as group", async () => {
    await setForTest(w.pool, "users", w.agent.id, { allow_group: true });
    const t = await w.ticket({ isGroup: true });
    const res = await put(w.agent.token, t.id, { status: "open" });
    expect(res.body).toMatchObject({ status: "group", userId: w.agent.id });
  });

  it("needs a queue for a ticket without one: 400 'Selecione uma fila', then accepts with the chosen queue", async () => {
    const t = await w.ticket({ queueId: null });
    const refused = await put(w.admin.token, t.id, { status: "open" });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ error: "ERR_VALIDATION", message: "Selecione uma fila" });
    expect((await ticketRow(w.pool, t.id))?.status).toBe("pending");
    const res = await put(w.admin.token, t.id, { status: "open", queueId: w.support.id });
    expect(res.body).toMatchObject({ status: "open", queueId: w.support.id, userId: w.admin.id });
    expect(await logTypes(w.pool, t.id)).toEqual(["queue", "open"]);
  });

  it("answers 409 ERR_OTHER_OPEN_TICKET naming the user who attends the ticket", async () => {
    await setForTest(w.pool, "users", w.other.id, { all_user_chat: "enabled" });
    const t = await w.ticket({ status: "open", userId: w.agent.id });
    const res = await put(w.other.token, t.id, { status: "open", userId: w.other.id });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      error: "ERR_OTHER_OPEN_TICKET",
      data: { userId: w.agent.id, userName: w.agent.name, queueName: `Sales ${w.company.id}`, status: "open" },
    });
    expect((await ticketRow(w.pool, t.id))?.user_id).toBe(w.agent.id);
  });

  it("answers 404 ERR_NO_TICKET_FOUND for another company's ticket or one outside the agent's queues", async () => {
    const elsewhere = await w.ticket({ queueId: w.support.id });
    for (const id of [otherCompany.ticketId, elsewhere.id]) {
      const res = await put(w.agent.token, id, { status: "open" });
      expect(res.status).toBe(404);
      expect(res.body.error).toBe("ERR_NO_TICKET_FOUND");
    }
    expect((await ticketRow(w.pool, otherCompany.ticketId))?.status).toBe("pending");
    expect((await ticketRow(w.pool, elsewhere.id))?.status).toBe("pending");
  });
});

describe("#tickets.update accept greeting", () => {
  it("queues the rendered greeting when sendGreetingAccepted is enabled, and none when disabled", async () => {
    await w.setting("greetingAcceptedMessage", "Olá {{firstName}}, sou {{userName}} da fila {{queue}}.");
    const silent = await w.ticket();
    await put(w.agent.token, silent.id, { status: "open" });
    expect(await outbound(w.pool, silent.id)).toEqual([]);

    await w.setting("sendGreetingAccepted", "enabled");
    const t = await w.ticket({ contactName: "João Pereira" });
    await put(w.agent.token, t.id, { status: "open" });
    expect(await outbound(w.pool, t.id)).toEqual([
      {
        body: `Olá João, sou ${w.agent.name} da fila Sales ${w.company.id}.`,
        send_state: "queued",
        is_private: false,
        from_me: true,
      },
    ]);
    // The queued greeting reaches the replicas like any reply.
    const logged = await w.pool.query(
      `SELECT count(*)::int AS n FROM change_log l JOIN messages m ON m.id::text = l.entity_id
       WHERE l.entity = 'messages' AND m.ticket_id = $1`,
      [t.id],
    );
    expect(logged.rows[0].n).toBe(1);
  });

  it("greets a group ticket only when its connection treats groups as tickets", async () => {
    await w.setting("greetingAcceptedMessage", "Bem-vindos!");
    await w.setting("sendGreetingAccepted", "enabled");
    await setForTest(w.pool, "users", w.agent.id, { allow_group: true });
    const off = await w.ticket({ isGroup: true });
    await put(w.agent.token, off.id, { status: "open" });
    expect(await outbound(w.pool, off.id)).toEqual([]);
    await setForTest(w.pool, "whatsapps", w.wa.id, { group_as_ticket: "enabled" });
    const on = await w.ticket({ isGroup: true });
    await put(w.agent.token, on.id, { status: "open" });
    expect((await outbound(w.pool, on.id)).map((m) => m.body)).toEqual(["Bem-vindos!"]);
  });
});

describe("#tickets.update return to queue", () => {
  it("puts an open ticket back to pending with no owner", async () => {
    const t = await w.ticket({ status: "open", userId: w.agent.id });
    const res = await put(w.agent.token, t.id, { status: "pending", userId: null });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "pending", userId: null, queueId: w.sales.id });
    expect(await logTypes(w.pool, t.id)).toEqual(["pending"]);
  });

  it("refuses to return a closed ticket, changing nothing", async () => {
    const t = await w.ticket({ status: "closed", userId: w.agent.id });
    const res = await put(w.agent.token, t.id, { status: "pending" });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ error: "ERR_WRONG_STATE", data: { status: "closed" } });
    expect(await ticketRow(w.pool, t.id)).toMatchObject({ status: "closed", user_id: w.agent.id });
  });
});

describe("#tickets.update transfer", () => {
  it("moves the ticket to the chosen user and queue, keeping the note and logging both sides", async () => {
    const t = await w.ticket({ status: "open", userId: w.agent.id });
    const res = await put(w.agent.token, t.id, {
      status: "open",
      userId: w.other.id,
      queueId: w.support.id,
      isTransfered: true,
      msgTransfer: "Cliente quer falar de suporte",
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "open", userId: w.other.id, queueId: w.support.id });
    expect(await ticketRow(w.pool, t.id)).toMatchObject({
      is_transfered: true,
      msg_transfer: "Cliente quer falar de suporte",
    });
    expect(await outbound(w.pool, t.id)).toEqual([
      { body: "Cliente quer falar de suporte", send_state: null, is_private: true, from_me: true },
    ]);
    const { rows } = await w.pool.query(
      "SELECT type, user_id, queue_id FROM ticket_logs WHERE ticket_id = $1 ORDER BY id",
      [t.id],
    );
    expect(rows).toEqual([
      { type: "transfered", user_id: w.agent.id, queue_id: w.sales.id },
      { type: "queue", user_id: w.agent.id, queue_id: w.support.id },
      { type: "receivedTransfer", user_id: w.other.id, queue_id: w.support.id },
    ]);
    // The old owner no longer sees it (it left their queue and their hands).
    expect((await put(w.agent.token, t.id, { status: "pending" })).status).toBe(404);
  });

  it("leaves the ticket pending in the queue when no user is chosen", async () => {
    const t = await w.ticket({ status: "open", userId: w.agent.id });
    const res = await put(w.agent.token, t.id, { status: "pending", queueId: w.support.id, isTransfered: true });
    expect(res.body).toMatchObject({ status: "pending", userId: null, queueId: w.support.id });
    expect(await logTypes(w.pool, t.id)).toEqual(["transfered", "queue"]);
  });

  it("requires a queue and a user of the company, changing nothing otherwise", async () => {
    const t = await w.ticket({ status: "open", userId: w.admin.id, queueId: null });
    const noQueue = await put(w.admin.token, t.id, { userId: w.other.id, isTransfered: true });
    expect(noQueue.status).toBe(400);
    expect(noQueue.body.message).toBe("Selecione uma fila");
    const foreign = await put(w.admin.token, t.id, {
      userId: otherCompany.userId,
      queueId: w.sales.id,
      isTransfered: true,
    });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error).toBe("ERR_NO_USER_FOUND");
    expect(await ticketRow(w.pool, t.id)).toMatchObject({ user_id: w.admin.id, queue_id: null, is_transfered: false });
    expect(await logTypes(w.pool, t.id)).toEqual([]);
  });
});

describe("#tickets.update transfer to another connection", () => {
  it("moves the conversation to another connection of the ticket's channel", async () => {
    const second = await buildWhatsapp(w.pool, { companyId: w.company.id, channel: "whatsapp" });
    const t = await w.ticket({ status: "open", userId: w.agent.id });
    const res = await put(w.agent.token, t.id, {
      status: "open",
      userId: w.agent.id,
      queueId: w.sales.id,
      whatsappId: second.id,
      isTransfered: true,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ whatsappId: second.id, userId: w.agent.id, status: "open" });
    expect((await w.pool.query("SELECT whatsapp_id FROM tickets WHERE id = $1", [t.id])).rows[0].whatsapp_id).toBe(
      second.id,
    );
  });

  it("answers the holder's notice when the contact has a ticket in progress on that connection", async () => {
    const second = await buildWhatsapp(w.pool, { companyId: w.company.id, channel: "whatsapp" });
    const t = await w.ticket({ status: "open", userId: w.agent.id });
    await w.pool.query(
      `INSERT INTO tickets (company_id, contact_id, whatsapp_id, queue_id, user_id, status, channel)
       VALUES ($1, $2, $3, $4, $5, 'open', 'whatsapp')`,
      [w.company.id, t.contactId, second.id, w.support.id, w.other.id],
    );
    const res = await put(w.admin.token, t.id, { queueId: w.sales.id, whatsappId: second.id, isTransfered: true });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      error: "ERR_OTHER_OPEN_TICKET",
      data: { userId: w.other.id, userName: w.other.name, queueName: `Support ${w.company.id}`, status: "open" },
    });
    expect((await w.pool.query("SELECT whatsapp_id FROM tickets WHERE id = $1", [t.id])).rows[0].whatsapp_id).toBe(
      w.wa.id,
    );
    expect(await logTypes(w.pool, t.id)).toEqual([]);
  });

  it("refuses a connection of another channel or company, changing nothing", async () => {
    const cloud = await buildWhatsapp(w.pool, { companyId: w.company.id, channel: "whatsappapi" });
    const elsewhere = await buildCompany(w.pool);
    const foreign = await buildWhatsapp(w.pool, { companyId: elsewhere.id, channel: "whatsapp" });
    const t = await w.ticket({ status: "open", userId: w.agent.id });
    const otherChannel = await put(w.admin.token, t.id, {
      queueId: w.sales.id,
      whatsappId: cloud.id,
      isTransfered: true,
    });
    expect(otherChannel.status).toBe(400);
    expect(otherChannel.body).toMatchObject({ error: "ERR_VALIDATION", fields: { whatsappId: expect.any(String) } });
    const foreignConnection = await put(w.admin.token, t.id, {
      queueId: w.sales.id,
      whatsappId: foreign.id,
      isTransfered: true,
    });
    expect(foreignConnection.status).toBe(404);
    expect(foreignConnection.body.error).toBe("ERR_NO_WAPP_FOUND");
    expect(await ticketRow(w.pool, t.id)).toMatchObject({ user_id: w.agent.id, is_transfered: false });
  });
});

describe("#tickets.update reopen", () => {
  it("reopens a closed ticket with the caller as owner", async () => {
    const t = await w.ticket({ status: "closed", userId: w.other.id });
    await w.pool.query("UPDATE tickets SET closed_at = now() WHERE id = $1", [t.id]);
    const res = await put(w.agent.token, t.id, { status: "open", userId: w.agent.id });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "open", userId: w.agent.id });
    expect((await ticketRow(w.pool, t.id))?.closed_at).toBeNull();
    expect(await logTypes(w.pool, t.id)).toEqual(["reopen"]);
  });

  it("reopens a WhatsApp group ticket as group", async () => {
    await setForTest(w.pool, "users", w.agent.id, { allow_group: true });
    const t = await w.ticket({ status: "closed", isGroup: true });
    const res = await put(w.agent.token, t.id, { status: "open" });
    expect(res.body).toMatchObject({ status: "group", userId: w.agent.id });
  });

  it("needs a queue: 400 when the ticket has none and none is chosen", async () => {
    const t = await w.ticket({ status: "closed", userId: w.admin.id, queueId: null });
    const res = await put(w.admin.token, t.id, { status: "open" });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Selecione uma fila");
    expect((await ticketRow(w.pool, t.id))?.status).toBe("closed");
    const ok = await put(w.admin.token, t.id, { status: "open", queueId: w.sales.id });
    expect(ok.body).toMatchObject({ status: "open", queueId: w.sales.id });
  });

  it("answers the holder's notice when the contact already has another ticket in progress", async () => {
    const closed = await w.ticket({ status: "closed", userId: w.agent.id });
    await w.pool.query(
      `INSERT INTO tickets (company_id, contact_id, whatsapp_id, queue_id, user_id, status, channel)
       VALUES ($1, $2, $3, $4, $5, 'open', 'whatsapp')`,
      [w.company.id, closed.contactId, w.wa.id, w.support.id, w.other.id],
    );
    const res = await put(w.admin.token, closed.id, { status: "open" });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      error: "ERR_OTHER_OPEN_TICKET",
      data: { userId: w.other.id, userName: w.other.name, queueName: `Support ${w.company.id}`, status: "open" },
    });
    expect((await ticketRow(w.pool, closed.id))?.status).toBe("closed");
  });
});
