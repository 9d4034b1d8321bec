import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { coreForFile, forFile } from "../testing/test-world.ts";
import { buildTicketWorld, logTypes, ticketRow } from "../testing/tickets-factories.ts";

const core = coreForFile();
const w = forFile(() => buildTicketWorld(core));

const push = (token: string, clientId: string, mutations: { id: number; name: string; args: unknown }[]) =>
  core.api("POST", "/sync/push", { token, body: { clientId, mutations } });

describe("#sync.push ticket transitions", () => {
  it("accepts a ticket offline-made, once however often it is pushed, and the pull brings it", async () => {
    const t = await w.ticket();
    const boot = await core.api("GET", "/sync/pull", { token: w.agent.token });
    const clientId = `client-${randomUUID()}`;
    const mutations = [{ id: 1, name: "acceptTicket", args: { ticketId: t.id } }];
    const first = await push(w.agent.token, clientId, mutations);
    const again = await push(w.agent.token, clientId, mutations);
    expect(first.body).toEqual({ results: [{ id: 1, ok: true }] });
    expect(again.body).toEqual(first.body);
    expect(await ticketRow(w.pool, t.id)).toMatchObject({ status: "open", user_id: w.agent.id });
    expect(await logTypes(w.pool, t.id)).toEqual(["open"]);
    const next = await core.api("GET", `/sync/pull?cursor=${boot.body.cursor}`, { token: w.agent.token });
    expect(next.body.put.tickets).toEqual([expect.objectContaining({ id: t.id, status: "open", userId: w.agent.id })]);
  });

  it("runs a batch of transitions in order with the same rules as the REST route", async () => {
    const t = await w.ticket();
    const clientId = `client-${randomUUID()}`;
    const res = await push(w.agent.token, clientId, [
      { id: 1, name: "ignoreTicket", args: { ticketId: t.id } },
      { id: 2, name: "acceptTicket", args: { ticketId: t.id } },
      { id: 3, name: "transferTicket", args: { ticketId: t.id, queueId: w.sales.id, userId: w.other.id } },
      { id: 4, name: "returnTicket", args: { ticketId: t.id } },
    ]);
    expect(res.body.results).toEqual([
      { id: 1, ok: false, error: expect.objectContaining({ error: "ERR_NO_PERMISSION" }) },
      { id: 2, ok: true },
      { id: 3, ok: true },
      // After the transfer the ticket is Carla's, open: Bruno no longer sees it.
      { id: 4, ok: false, error: expect.objectContaining({ error: "ERR_NO_TICKET_FOUND" }) },
    ]);
    expect(await ticketRow(w.pool, t.id)).toMatchObject({ status: "open", user_id: w.other.id });
  });

  it("resolves and reopens through the push", async () => {
    const t = await w.ticket({ status: "open", userId: w.other.id });
    const clientId = `client-${randomUUID()}`;
    const res = await push(w.other.token, clientId, [
      { id: 1, name: "resolveTicket", args: { ticketId: t.id, sendFarewellMessage: false } },
      { id: 2, name: "reopenTicket", args: { ticketId: t.id } },
    ]);
    expect(res.body.results).toEqual([
      { id: 1, ok: true },
      { id: 2, ok: true },
    ]);
    expect(await logTypes(w.pool, t.id)).toEqual(["closed", "reopen"]);
    const bad = await push(w.other.token, clientId, [{ id: 3, name: "acceptTicket", args: { ticketId: "x" } }]);
    expect(bad.body.results[0].error.error).toBe("ERR_VALIDATION");
  });
});
