// Spec 1 §3 Ticket fields beyond the transitions: protocol and useIntegration in
// the list item, useIntegration and amountUsedBotQueues stored by PUT /tickets/{id},
// and a group ticket given back to its queue.
import { describe, expect, it } from "vitest";
import { setForTest } from "../testing/flags.ts";
import { coreForFile, forFile } from "../testing/test-world.ts";
import { buildTicketWorld, logTypes, ticketChanges, ticketRow } from "../testing/tickets-factories.ts";

const core = coreForFile();
const w = forFile(() => buildTicketWorld(core));

const put = (token: string, id: number, body: unknown) => core.api("PUT", `/tickets/${id}`, { token, body });
const useIntegration = async (id: number) =>
  (await w.pool.query("SELECT use_integration AS u FROM tickets WHERE id = $1", [id])).rows[0].u as boolean;

describe("#tickets.list fields", () => {
  it("shows each ticket's protocol and useIntegration in the list and in GET /tickets/u/{uuid}", async () => {
    const t = await w.ticket({ status: "open", userId: w.admin.id, contactName: "Protocolo Silva" });
    await w.pool.query("UPDATE tickets SET protocol = '20240101-0042', use_integration = true WHERE id = $1", [t.id]);
    const plain = await w.ticket({ status: "open", userId: w.admin.id });

    const list = await core.api("GET", "/tickets?status=open&showAll=true", { token: w.admin.token });
    expect(list.status).toBe(200);
    const byId = new Map(list.body.tickets.map((x: { id: number }) => [x.id, x]));
    expect(byId.get(t.id)).toMatchObject({ protocol: "20240101-0042", useIntegration: true });
    expect(byId.get(plain.id)).toMatchObject({ protocol: null, useIntegration: false });

    const one = await core.api("GET", `/tickets/u/${t.uuid}`, { token: w.admin.token });
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ id: t.id, protocol: "20240101-0042", useIntegration: true });
  });
});

describe("#tickets.update flags", () => {
  it("stores useIntegration and amountUsedBotQueues sent alone, and records the change for sync", async () => {
    const t = await w.ticket({ status: "open", userId: w.agent.id });
    const before = await ticketChanges(w.pool, w.company.id, t.id);
    const res = await put(w.agent.token, t.id, { useIntegration: true, amountUsedBotQueues: 3 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "open", useIntegration: true, amountUsedBotQueues: 3 });
    expect(await useIntegration(t.id)).toBe(true);
    expect((await ticketRow(w.pool, t.id))?.amount_used_bot_queues).toBe(3);
    expect(await ticketChanges(w.pool, w.company.id, t.id)).toBeGreaterThan(before);
  });

  it("records no change when the flags sent are the stored ones", async () => {
    const t = await w.ticket({ status: "open", userId: w.agent.id });
    await put(w.agent.token, t.id, { useIntegration: true, amountUsedBotQueues: 1 });
    const before = await ticketChanges(w.pool, w.company.id, t.id);
    const again = await put(w.agent.token, t.id, { useIntegration: true, amountUsedBotQueues: 1 });
    expect(again.status).toBe(200);
    expect(await ticketChanges(w.pool, w.company.id, t.id)).toBe(before);
  });

  it("stores the flags that ride along an accept", async () => {
    const t = await w.ticket();
    const res = await put(w.agent.token, t.id, {
      status: "open",
      userId: w.agent.id,
      useIntegration: true,
      amountUsedBotQueues: 2,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "open", userId: w.agent.id, useIntegration: true });
    expect(await ticketRow(w.pool, t.id)).toMatchObject({ status: "open", amount_used_bot_queues: 2 });
    expect(await useIntegration(t.id)).toBe(true);
  });

  it("turns useIntegration off and leaves the counter alone when only the flag is sent", async () => {
    const t = await w.ticket({ status: "open", userId: w.agent.id });
    await w.pool.query("UPDATE tickets SET use_integration = true, amount_used_bot_queues = 4 WHERE id = $1", [t.id]);
    const res = await put(w.agent.token, t.id, { useIntegration: false });
    expect(res.body).toMatchObject({ useIntegration: false, amountUsedBotQueues: 4 });
    expect(await useIntegration(t.id)).toBe(false);
  });

  it("refuses a negative or fractional counter with ERR_VALIDATION and stores nothing", async () => {
    const t = await w.ticket({ status: "open", userId: w.agent.id });
    for (const amountUsedBotQueues of [-1, 1.5]) {
      const res = await put(w.agent.token, t.id, { amountUsedBotQueues });
      expect(res.status, String(amountUsedBotQueues)).toBe(400);
      expect(res.body.error).toBe("ERR_VALIDATION");
    }
    expect((await ticketRow(w.pool, t.id))?.amount_used_bot_queues).toBe(0);
  });
});

describe("#tickets.update return to queue", () => {
  it("gives a group ticket back to its queue: pending, no owner, logged as pending", async () => {
    await setForTest(w.pool, "users", w.agent.id, { allow_group: true });
    const t = await w.ticket({ status: "group", userId: w.agent.id, isGroup: true });
    const before = await ticketChanges(w.pool, w.company.id, t.id);
    const res = await put(w.agent.token, t.id, { status: "pending" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "pending", userId: null, queueId: w.sales.id });
    expect(await ticketRow(w.pool, t.id)).toMatchObject({ status: "pending", user_id: null, queue_id: w.sales.id });
    expect(await logTypes(w.pool, t.id)).toEqual(["pending"]);
    expect(await ticketChanges(w.pool, w.company.id, t.id)).toBeGreaterThan(before);
  });
});
