import { describe, expect, it } from "vitest";
import { setForTest } from "../testing/flags.ts";
import { coreForFile, forFile } from "../testing/test-world.ts";
import { buildTicketWorld, logTypes, outbound, ticketRow } from "../testing/tickets-factories.ts";

const core = coreForFile();
const w = forFile(() => buildTicketWorld(core));

const transfer = (token: string, id: number, body: unknown) =>
  core.api("PUT", `/tickets/${id}`, { token, body: { isTransfered: true, ...(body as object) } });

describe("#tickets.update transfer message (sendMsgTransfTicket)", () => {
  it("tells the contact the target queue and user when the setting is on", async () => {
    await w.setting("sendMsgTransfTicket", "enabled");
    await w.setting("transferMessage", "{{firstName}}, você foi transferido para {{queue}} com {{userName}}.");
    const t = await w.ticket({ status: "open", userId: w.agent.id, contactName: "Maria Souza" });
    const res = await transfer(w.agent.token, t.id, { status: "open", userId: w.other.id, queueId: w.support.id });
    expect(res.status).toBe(200);
    expect(await outbound(w.pool, t.id)).toEqual([
      {
        body: `Maria, você foi transferido para Support ${w.company.id} com Carla Agent.`,
        send_state: "queued",
        is_private: false,
        from_me: true,
      },
    ]);
  });

  it("names no user when the ticket waits in the queue, after the dialog's private note", async () => {
    await w.setting("sendMsgTransfTicket", "enabled");
    await w.setting("transferMessage", "Fila: {{queue}}. Atendente: {{userName}}.");
    const t = await w.ticket({ status: "open", userId: w.agent.id });
    await transfer(w.agent.token, t.id, { status: "pending", queueId: w.support.id, msgTransfer: "nota interna" });
    expect(await outbound(w.pool, t.id)).toEqual([
      { body: "nota interna", send_state: null, is_private: true, from_me: true },
      { body: `Fila: Support ${w.company.id}. Atendente: .`, send_state: "queued", is_private: false, from_me: true },
    ]);
  });

  it("sends nothing when the setting is off, the text is blank, or the ticket is a group", async () => {
    await w.setting("sendMsgTransfTicket", "disabled");
    await w.setting("transferMessage", "Você foi transferido.");
    const off = await w.ticket({ status: "open", userId: w.agent.id });
    await transfer(w.agent.token, off.id, { status: "open", userId: w.other.id, queueId: w.sales.id });
    expect(await outbound(w.pool, off.id)).toEqual([]);

    await w.setting("sendMsgTransfTicket", "enabled");
    await w.setting("transferMessage", "   ");
    const blank = await w.ticket({ status: "open", userId: w.agent.id });
    await transfer(w.agent.token, blank.id, { status: "open", userId: w.other.id, queueId: w.sales.id });
    expect(await outbound(w.pool, blank.id)).toEqual([]);

    await w.setting("transferMessage", "Você foi transferido.");
    await setForTest(w.pool, "users", w.admin.id, { allow_group: true });
    const group = await w.ticket({ status: "group", userId: w.admin.id, isGroup: true });
    const res = await transfer(w.admin.token, group.id, { status: "open", userId: w.other.id, queueId: w.sales.id });
    expect(res.status).toBe(200);
    expect(await outbound(w.pool, group.id)).toEqual([]);
  });

  it("sends nothing when the transfer is refused", async () => {
    await w.setting("sendMsgTransfTicket", "enabled");
    await w.setting("transferMessage", "Você foi transferido.");
    const t = await w.ticket({ status: "open", userId: w.admin.id, queueId: null });
    const res = await transfer(w.admin.token, t.id, { userId: w.other.id });
    expect(res.status).toBe(400);
    expect(await outbound(w.pool, t.id)).toEqual([]);
  });

  it("leaves the ticket's unread count for the agent who receives it", async () => {
    await w.setting("sendMsgTransfTicket", "enabled");
    await w.setting("transferMessage", "Você foi transferido para {{queue}}.");
    const t = await w.ticket({ status: "pending", unread: 4 });
    const res = await transfer(w.admin.token, t.id, { status: "pending", queueId: w.support.id });
    expect(res.status).toBe(200);
    expect(await outbound(w.pool, t.id)).toHaveLength(1);
    expect((await ticketRow(w.pool, t.id))?.unread_messages).toBe(4);
  });
});

describe("#tickets.update transfer queue position (sendQueuePosition, issue 9)", () => {
  it("tells a contact left waiting in the new queue their place, and says nothing when an agent takes it", async () => {
    await w.setting("sendMsgTransfTicket", "disabled");
    await w.setting("sendQueuePosition", "enabled");
    await w.setting("sendQueuePositionMessage", "Sua posição na fila é");
    try {
      const ahead = await w.ticket({ status: "pending", queueId: w.sales.id });
      const t = await w.ticket({ status: "open", userId: w.agent.id });
      const res = await transfer(w.agent.token, t.id, { status: "pending", queueId: w.sales.id });
      expect(res.status).toBe(200);
      const waiting = await w.pool.query(
        "SELECT count(*)::int AS n FROM tickets WHERE company_id = $1 AND queue_id = $2 AND status = 'pending' AND user_id IS NULL AND NOT is_group",
        [w.company.id, w.sales.id],
      );
      expect(await outbound(w.pool, t.id)).toEqual([
        {
          body: `Sua posição na fila é *${waiting.rows[0].n}*`,
          send_state: "queued",
          is_private: false,
          from_me: true,
        },
      ]);
      expect(waiting.rows[0].n).toBeGreaterThanOrEqual(2);
      expect(await outbound(w.pool, ahead.id)).toEqual([]);

      const toAgent = await w.ticket({ status: "open", userId: w.agent.id });
      await transfer(w.agent.token, toAgent.id, { status: "open", userId: w.other.id, queueId: w.sales.id });
      expect(await outbound(w.pool, toAgent.id)).toEqual([]);
    } finally {
      await w.setting("sendQueuePosition", "disabled");
    }
  });
});

describe("#tickets.update transfer with closeTicketOnTransfer (decision 0070)", () => {
  const ticketsOf = (contactId: number) =>
    w.pool
      .query<{ id: number; status: string; queue_id: number | null; user_id: number | null; is_transfered: boolean }>(
        `SELECT id, status, queue_id, user_id, is_transfered FROM tickets WHERE company_id = $1 AND contact_id = $2
         ORDER BY id`,
        [w.company.id, contactId],
      )
      .then((r) => r.rows);

  it("closes the ticket and goes on in a new one in the other queue, with the chosen user or waiting", async () => {
    await w.setting("sendMsgTransfTicket", "disabled");
    await w.setting("closeTicketOnTransfer", "true");
    try {
      const t = await w.ticket({ status: "open", userId: w.agent.id });
      const before = await ticketRow(w.pool, t.id);
      const res = await transfer(w.agent.token, t.id, {
        status: "open",
        userId: w.other.id,
        queueId: w.support.id,
        msgTransfer: "cliente quer segunda via",
      });
      expect(res.status).toBe(200);
      const rows = await ticketsOf(before!.contact_id);
      expect(rows).toEqual([
        { id: t.id, status: "closed", queue_id: before!.queue_id, user_id: w.agent.id, is_transfered: true },
        { id: expect.any(Number), status: "open", queue_id: w.support.id, user_id: w.other.id, is_transfered: true },
      ]);
      // The dialog's note stays in the conversation it was written in; each ticket's log tells its part.
      expect(await outbound(w.pool, t.id)).toEqual([
        { body: "cliente quer segunda via", send_state: null, is_private: true, from_me: true },
      ]);
      expect(await logTypes(w.pool, t.id)).toEqual(expect.arrayContaining(["transfered", "closed"]));
      expect(await logTypes(w.pool, rows[1]!.id)).toEqual(["create", "queue", "receivedTransfer"]);

      // No user chosen: the new ticket waits in the queue.
      const waiting = await w.ticket({ status: "open", userId: w.agent.id });
      const contact = (await ticketRow(w.pool, waiting.id))!.contact_id;
      await transfer(w.agent.token, waiting.id, { status: "pending", queueId: w.support.id });
      expect((await ticketsOf(contact)).map((r) => [r.status, r.queue_id, r.user_id])).toEqual([
        ["closed", w.sales.id, w.agent.id],
        ["pending", w.support.id, null],
      ]);

      // The same queue (only the user changes): the ticket itself moves, as without the setting.
      const same = await w.ticket({ status: "open", userId: w.agent.id, queueId: w.sales.id });
      const sameContact = (await ticketRow(w.pool, same.id))!.contact_id;
      await transfer(w.agent.token, same.id, { status: "open", userId: w.other.id, queueId: w.sales.id });
      expect((await ticketsOf(sameContact)).map((r) => [r.id, r.status, r.user_id])).toEqual([
        [same.id, "open", w.other.id],
      ]);
    } finally {
      await w.setting("closeTicketOnTransfer", "false");
    }
  });

  it("moves the ticket itself when the setting is off", async () => {
    await w.setting("closeTicketOnTransfer", "false");
    const t = await w.ticket({ status: "open", userId: w.agent.id });
    const contact = (await ticketRow(w.pool, t.id))!.contact_id;
    await transfer(w.agent.token, t.id, { status: "open", userId: w.other.id, queueId: w.support.id });
    expect((await ticketsOf(contact)).map((r) => [r.id, r.status, r.queue_id])).toEqual([[t.id, "open", w.support.id]]);
  });
});
