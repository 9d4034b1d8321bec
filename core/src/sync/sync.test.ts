import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { transaction } from "../kernel/transaction.ts";
import { ingest } from "../messages/ingest.ts";
import { buildQueue, buildUser } from "../testing/factories.ts";
import { buildAttendedTicket } from "../testing/messages-factories.ts";
import { coreForFile } from "../testing/test-world.ts";

const core = coreForFile();

const setup = () => buildAttendedTicket(core);

/** Two queues of the company and a plain agent who works only in the first. */
async function agentInSales(companyId: number) {
  const pool = core.db.pool;
  const sales = await buildQueue(pool, { companyId });
  const support = await buildQueue(pool, { companyId });
  const agent = await buildUser(pool, { companyId, profile: "user" });
  await pool.query("INSERT INTO user_queues (user_id, queue_id, company_id) VALUES ($1, $2, $3)", [
    agent.id,
    sales.id,
    companyId,
  ]);
  return { sales, support, agent };
}

const send = (ticketId: number, body = "olá", id = randomUUID()) => ({ id, ticketId, body });

describe("#sync.push", () => {
  it("applies the same mutation once however often it is pushed", async () => {
    const s = await setup();
    const clientId = `client-${randomUUID()}`;
    const mutations = [{ id: 1, name: "sendMessage", args: send(s.ticket.id, "first") }];
    const a = await core.api("POST", "/sync/push", { token: s.token, body: { clientId, mutations } });
    const b = await core.api("POST", "/sync/push", { token: s.token, body: { clientId, mutations } });
    expect(a.body).toEqual({ results: [{ id: 1, ok: true }] });
    expect(b.body).toEqual({ results: [{ id: 1, ok: true }] });
    const { rows } = await core.db.pool.query(
      "SELECT body, send_state, ack, from_me FROM messages WHERE ticket_id = $1",
      [s.ticket.id],
    );
    expect(rows).toEqual([{ body: "first", send_state: "queued", ack: 0, from_me: true }]);
    // The ticket moved (its time); its preview stays the customer's last message (decision 0089).
    const t = await core.db.pool.query("SELECT last_message, updated_at FROM tickets WHERE id = $1", [s.ticket.id]);
    expect(t.rows[0].last_message).toBe("");
  });

  it("keeps a refused mutation's error and does not apply it on a retry", async () => {
    const s = await setup();
    const clientId = `client-${randomUUID()}`;
    const mutations = [
      { id: 1, name: "sendMessage", args: send(999999) },
      { id: 2, name: "sendMessage", args: send(s.ticket.id, "after the refused one") },
    ];
    const a = await core.api("POST", "/sync/push", { token: s.token, body: { clientId, mutations } });
    expect(a.status).toBe(200);
    expect(a.body.results[0]).toMatchObject({ id: 1, ok: false, error: { error: "ERR_NO_TICKET_FOUND" } });
    expect(a.body.results[1]).toEqual({ id: 2, ok: true });
    const b = await core.api("POST", "/sync/push", { token: s.token, body: { clientId, mutations } });
    expect(b.body).toEqual(a.body);
    const { rows } = await core.db.pool.query("SELECT count(*)::int AS n FROM messages WHERE ticket_id = $1", [
      s.ticket.id,
    ]);
    expect(rows[0].n).toBe(1);
  });

  it("refuses whitespace-only text and unknown mutations with ERR_VALIDATION", async () => {
    const s = await setup();
    const clientId = `client-${randomUUID()}`;
    const res = await core.api("POST", "/sync/push", {
      token: s.token,
      body: {
        clientId,
        mutations: [
          { id: 1, name: "sendMessage", args: send(s.ticket.id, "   ") },
          { id: 2, name: "dropDatabase", args: {} },
        ],
      },
    });
    expect(res.body.results.map((r: { error: { error: string } }) => r.error.error)).toEqual([
      "ERR_VALIDATION",
      "ERR_VALIDATION",
    ]);
    const bad = await core.api("POST", "/sync/push", { token: s.token, body: { clientId: "x", mutations: "no" } });
    expect(bad.status).toBe(400);
  });

  it("answers another company's ticket as not found and writes nothing", async () => {
    const mine = await setup();
    const other = await setup();
    const res = await core.api("POST", "/sync/push", {
      token: mine.token,
      body: {
        clientId: `client-${randomUUID()}`,
        mutations: [{ id: 1, name: "sendMessage", args: send(other.ticket.id) }],
      },
    });
    expect(res.body.results[0].error.error).toBe("ERR_NO_TICKET_FOUND");
    const { rows } = await core.db.pool.query("SELECT count(*)::int AS n FROM messages WHERE ticket_id = $1", [
      other.ticket.id,
    ]);
    expect(rows[0].n).toBe(0);
    expect((await core.api("GET", `/tickets/u/${other.ticket.uuid}`, { token: mine.token })).status).toBe(404);
    expect((await core.api("GET", `/messages/${other.ticket.id}`, { token: mine.token })).status).toBe(404);
    const list = await core.api("GET", "/tickets", { token: mine.token });
    expect(list.body.tickets.map((t: { id: number }) => t.id)).toEqual([mine.ticket.id]);
  });
});

describe("#sync.pull", () => {
  it("bootstraps, then answers only what changed after the cursor", async () => {
    const s = await setup();
    const first = await core.api("GET", "/sync/pull", { token: s.token });
    expect(first.body.reset).toBe(true);
    expect(first.body.put.tickets.map((t: { id: number }) => t.id)).toEqual([s.ticket.id]);
    expect(first.body.put.contacts.map((c: { id: number }) => c.id)).toEqual([s.contact.id]);
    expect(first.body.put.whatsapps.map((w: { id: number }) => w.id)).toEqual([s.wa.id]);

    const again = await core.api("GET", `/sync/pull?cursor=${first.body.cursor}`, { token: s.token });
    expect(again.body.reset).toBe(false);
    expect(again.body.cursor).toBe(first.body.cursor);
    expect(again.body.put.tickets).toEqual([]);

    const id = randomUUID();
    await core.api("POST", "/sync/push", {
      token: s.token,
      body: {
        clientId: `client-${randomUUID()}`,
        mutations: [{ id: 1, name: "sendMessage", args: send(s.ticket.id, "hi", id) }],
      },
    });
    const next = await core.api("GET", `/sync/pull?cursor=${first.body.cursor}`, { token: s.token });
    expect(parseInt(next.body.cursor, 10)).toBeGreaterThan(parseInt(first.body.cursor, 10));
    expect(next.body.put.messages.map((m: { id: string }) => m.id)).toEqual([id]);
    // The ticket changed (its time), and comes again; its preview stays the customer's (decision 0089).
    expect(next.body.put.tickets[0]).toMatchObject({ id: s.ticket.id, lastMessage: "" });
  });

  it("answers del for a ticket that moved out of the agent's queues", async () => {
    const s = await setup();
    const pool = core.db.pool;
    const { sales, support, agent } = await agentInSales(s.company.id);
    // Waiting in sales, where the agent sees it.
    await pool.query("UPDATE tickets SET queue_id = $2, status = 'pending', user_id = NULL WHERE id = $1", [
      s.ticket.id,
      sales.id,
    ]);
    const session = await core.login(agent.email, agent.password);
    const boot = await core.api("GET", "/sync/pull", { token: session.token });
    expect(boot.body.put.tickets.map((t: { id: number }) => t.id)).toEqual([s.ticket.id]);

    await transaction(pool, async (client) => {
      await client.query("UPDATE tickets SET queue_id = $2 WHERE id = $1", [s.ticket.id, support.id]);
      const { recordChanges } = await import("../kernel/change-log.ts");
      await recordChanges(client, [{ companyId: s.company.id, entity: "tickets", id: s.ticket.id }]);
    });
    const next = await core.api("GET", `/sync/pull?cursor=${boot.body.cursor}`, { token: session.token });
    expect(next.body.del.tickets).toEqual([s.ticket.id]);
    expect(next.body.put.tickets).toEqual([]);
  });

  it("replicates an outbound message's channel id once sent (a reaction names its target by it)", async () => {
    const s = await setup();
    const id = randomUUID();
    const sent = await core.api("POST", `/messages/${s.ticket.id}`, { token: s.token, body: { body: "oi", id } });
    expect(sent.status).toBe(200);
    const boot = await core.api("GET", "/sync/pull", { token: s.token });
    expect(boot.body.put.messages.find((m: { id: string }) => m.id === id)).toMatchObject({ remoteId: null });
    // The channel worker records the channel's id when the send is accepted (outbound-store markSent).
    await transaction(core.db.pool, async (client) => {
      await client.query("UPDATE messages SET remote_id = 'wamid.OUT', ack = 1 WHERE company_id = $1 AND id = $2", [
        s.company.id,
        id,
      ]);
      const { recordChanges } = await import("../kernel/change-log.ts");
      await recordChanges(client, [{ companyId: s.company.id, entity: "messages", id }]);
    });
    const next = await core.api("GET", `/sync/pull?cursor=${boot.body.cursor}`, { token: s.token });
    expect(next.body.put.messages).toEqual([expect.objectContaining({ id, remoteId: "wamid.OUT", ack: 1 })]);
  });

  it("never shows another company's rows and restarts a client whose cursor is unknown", async () => {
    const mine = await setup();
    const other = await setup();
    await transaction(core.db.pool, (client) =>
      ingest(client, [
        {
          kind: "message",
          companyId: other.company.id,
          whatsappId: other.wa.id,
          channel: "whatsappapi",
          remoteId: `wamid.${randomUUID()}`,
          from: "5511999990000",
          body: "for the other company",
          mediaType: "chat",
          timestamp: new Date(),
        },
      ]),
    );
    const boot = await core.api("GET", "/sync/pull", { token: mine.token });
    const companies = new Set(
      [...boot.body.put.tickets, ...boot.body.put.contacts, ...boot.body.put.users].map(
        (r: { companyId: number }) => r.companyId,
      ),
    );
    expect([...companies]).toEqual([mine.company.id]);
    const ahead = await core.api("GET", "/sync/pull?cursor=99999999", { token: mine.token });
    expect(ahead.body.reset).toBe(true);
    expect((await core.api("GET", "/sync/pull?cursor=-5", { token: mine.token })).status).toBe(400);
  });

  it("rebuilds an agent's replica when an admin changes the agent's queues", async () => {
    const s = await setup();
    const pool = core.db.pool;
    const { support, agent } = await agentInSales(s.company.id);
    await pool.query("UPDATE tickets SET queue_id = $2, status = 'pending', user_id = NULL WHERE id = $1", [
      s.ticket.id,
      support.id,
    ]);
    const session = await core.login(agent.email, agent.password);
    const boot = await core.api("GET", "/sync/pull", { token: session.token });
    expect(boot.body.put.tickets).toEqual([]);

    const put = await core.api("PUT", `/users/${agent.id}`, { token: s.token, body: { queueIds: [support.id] } });
    expect(put.status).toBe(200);
    const next = await core.api("GET", `/sync/pull?cursor=${boot.body.cursor}`, { token: session.token });
    expect(next.body.reset).toBe(true);
    expect(next.body.put.tickets.map((t: { id: number }) => t.id)).toEqual([s.ticket.id]);
    const after = await core.api("GET", `/sync/pull?cursor=${next.body.cursor}`, { token: session.token });
    expect(after.body.reset).toBe(false);
  });

  it("masks contact numbers for plain users when LGPD hides them", async () => {
    const s = await setup();
    const pool = core.db.pool;
    const agent = await buildUser(pool, { companyId: s.company.id, profile: "user" });
    await pool.query("UPDATE tickets SET user_id = $2 WHERE id = $1", [s.ticket.id, agent.id]);
    await pool.query(
      "INSERT INTO settings (company_id, key, value) VALUES ($1, 'enableLGPD', 'enabled'), ($1, 'lgpdHideNumber', 'enabled')",
      [s.company.id],
    );
    const { rows } = await pool.query("SELECT number FROM contacts WHERE id = $1", [s.contact.id]);
    const number: string = rows[0].number;
    const session = await core.login(agent.email, agent.password);
    const boot = await core.api("GET", "/sync/pull", { token: session.token });
    expect(boot.body.put.contacts[0].number).not.toBe(number);
    expect(boot.body.put.contacts[0].number.slice(-2)).toBe(number.slice(-2));
    const admin = await core.api("GET", "/sync/pull", { token: s.token });
    expect(admin.body.put.contacts[0].number).toBe(number);
  });

  it("rebuilds plain users' replicas when LGPD number hiding is switched, so no device keeps the other form", async () => {
    const s = await setup();
    const pool = core.db.pool;
    const agent = await buildUser(pool, { companyId: s.company.id, profile: "user" });
    await pool.query("UPDATE tickets SET user_id = $2 WHERE id = $1", [s.ticket.id, agent.id]);
    const { rows } = await pool.query("SELECT number FROM contacts WHERE id = $1", [s.contact.id]);
    const number: string = rows[0].number;
    const session = await core.login(agent.email, agent.password);
    const boot = await core.api("GET", "/sync/pull", { token: session.token });
    expect(boot.body.put.contacts[0].number).toBe(number);
    const adminBoot = await core.api("GET", "/sync/pull", { token: s.token });

    for (const column of ["enableLGPD", "lgpdHideNumber"]) {
      const res = await core.api("PUT", "/companySettings", { token: s.token, body: { column, data: "enabled" } });
      expect(res.status).toBe(200);
    }
    const next = await core.api("GET", `/sync/pull?cursor=${boot.body.cursor}`, { token: session.token });
    expect(next.body.reset).toBe(true);
    expect(next.body.put.contacts[0].number).not.toBe(number);
    expect(next.body.put.contacts[0].number.slice(-2)).toBe(number.slice(-2));
    // Admins read whole numbers either way: their replica is not rebuilt.
    const admin = await core.api("GET", `/sync/pull?cursor=${adminBoot.body.cursor}`, { token: s.token });
    expect(admin.body.reset).toBe(false);

    // Saving the same value again changes nothing for anyone.
    const settled = await core.api("GET", `/sync/pull?cursor=${next.body.cursor}`, { token: session.token });
    await core.api("PUT", "/companySettings", { token: s.token, body: { column: "lgpdHideNumber", data: "enabled" } });
    const same = await core.api("GET", `/sync/pull?cursor=${settled.body.cursor}`, { token: session.token });
    expect(same.body.reset).toBe(false);
  });
});
