import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { buildCompany, buildContact, buildTicket, buildUser } from "../testing/factories.ts";
import { setForTest } from "../testing/flags.ts";
import { buildInbox, buildMessage } from "../testing/messages-factories.ts";
import { coreForFile, forFile } from "../testing/test-world.ts";

const core = coreForFile();
const s = forFile(() => buildInbox(core));
const other = forFile(() => buildInbox(core));

/** A message the admin sent on their ticket, `minutesAgo` minutes ago, in `sendState`. */
const mine = (o: { minutesAgo?: number; sendState?: string | null; body?: string; userId?: number } = {}) =>
  buildMessage(core.db.pool, {
    companyId: s.company.id,
    ticketId: s.ticket.id,
    fromMe: true,
    userId: o.userId ?? s.admin.id,
    body: o.body ?? "original",
    sendState: o.sendState === undefined ? "sent" : o.sendState,
    minutesAgo: o.minutesAgo ?? 1,
  });

const row = async (id: string) =>
  (
    await core.db.pool.query("SELECT body, is_edited, is_deleted, send_state, data_json FROM messages WHERE id = $1", [
      id,
    ])
  ).rows[0];

const logged = async (id: string) =>
  (
    await core.db.pool.query("SELECT count(*)::int AS n FROM change_log WHERE entity = 'messages' AND entity_id = $1", [
      id,
    ])
  ).rows[0].n;

describe("#messages.edit", () => {
  it("changes the author's sent message, marks it edited, and leaves the channel an edit to propagate", async () => {
    const m = await mine({ sendState: "sent" });
    const res = await core.api("POST", `/messages/edit/${m.id}`, { token: s.adminToken, body: { body: "corrigido" } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: m.id, body: "corrigido", isEdited: true });
    expect(await row(m.id)).toMatchObject({ body: "corrigido", is_edited: true, data_json: { edit: true } });
    expect(await logged(m.id)).toBe(1);
    // An agent's reply is not the list's preview (the customer's last message is, decision 0089).
    const t = await core.db.pool.query("SELECT last_message FROM tickets WHERE id = $1", [s.ticket.id]);
    expect(t.rows[0].last_message).not.toBe("corrigido");
  });

  it("lets a message still waiting in the queue simply go out with the new text", async () => {
    const m = await mine({ sendState: "queued" });
    await core.api("POST", `/messages/edit/${m.id}`, { token: s.adminToken, body: { body: "novo texto" } });
    expect(await row(m.id)).toMatchObject({ body: "novo texto", send_state: "queued", data_json: null });
  });

  it("refuses after 15 minutes, on another user's message, and on empty text; another company's is not found", async () => {
    const old = await mine({ minutesAgo: 16 });
    const late = await core.api("POST", `/messages/edit/${old.id}`, { token: s.adminToken, body: { body: "late" } });
    expect(late.status).toBe(403);
    expect(late.body.error).toBe("ERR_NO_PERMISSION");

    const agents = await mine({ userId: s.agent.id });
    const notMine = await core.api("POST", `/messages/edit/${agents.id}`, { token: s.adminToken, body: { body: "x" } });
    expect(notMine.status).toBe(403);

    const fresh = await mine();
    const empty = await core.api("POST", `/messages/edit/${fresh.id}`, { token: s.adminToken, body: { body: "  " } });
    expect(empty.status).toBe(400);

    const theirs = await buildMessage(core.db.pool, {
      companyId: other.company.id,
      ticketId: other.ticket.id,
      fromMe: true,
      userId: other.admin.id,
      body: "theirs",
    });
    const foreign = await core.api("POST", `/messages/edit/${theirs.id}`, { token: s.adminToken, body: { body: "x" } });
    expect(foreign.status).toBe(404);

    expect((await row(old.id)).body).toBe("original");
    expect((await row(agents.id)).body).toBe("original");
    expect((await row(fresh.id)).body).toBe("original");
    expect((await row(theirs.id)).body).toBe("theirs");
  });
});

describe("#messages.delete", () => {
  it("marks the author's message deleted and keeps its text; a sent one asks the channel to revoke it", async () => {
    const m = await mine({ sendState: "sent", body: "oops" });
    const res = await core.api("DELETE", `/messages/${m.id}`, { token: s.adminToken });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: m.id, isDeleted: true });
    expect(await row(m.id)).toMatchObject({ is_deleted: true, body: "oops", data_json: { delete: true } });
    expect(await logged(m.id)).toBe(1);
    // A deleted message is not edited any more.
    const edit = await core.api("POST", `/messages/edit/${m.id}`, { token: s.adminToken, body: { body: "x" } });
    expect(edit.status).toBe(403);
  });

  it("takes a still-queued message out of the outbound queue so it never goes out", async () => {
    const m = await mine({ sendState: "queued" });
    await core.api("DELETE", `/messages/${m.id}`, { token: s.adminToken });
    expect(await row(m.id)).toMatchObject({ is_deleted: true, send_state: null });
  });

  it("refuses another user's message (403) and does not find another company's (404)", async () => {
    const agents = await mine({ userId: s.agent.id });
    const res = await core.api("DELETE", `/messages/${agents.id}`, { token: s.adminToken });
    expect(res.status).toBe(403);
    const theirs = await buildMessage(core.db.pool, {
      companyId: other.company.id,
      ticketId: other.ticket.id,
      fromMe: true,
      userId: other.admin.id,
    });
    const foreign = await core.api("DELETE", `/messages/${theirs.id}`, { token: s.adminToken });
    expect(foreign.status).toBe(404);
    expect((await row(agents.id)).is_deleted).toBe(false);
    expect((await row(theirs.id)).is_deleted).toBe(false);
  });
});

describe("#sync.push editMessage / deleteMessage", () => {
  it("applies the same use cases, once, and reports a refusal with its code", async () => {
    const a = await mine();
    const b = await mine({ sendState: "queued" });
    const old = await mine({ minutesAgo: 20 });
    const clientId = `client-${randomUUID()}`;
    const mutations = [
      { id: 1, name: "editMessage", args: { id: a.id, body: "offline edit" } },
      { id: 2, name: "deleteMessage", args: { id: b.id } },
      { id: 3, name: "editMessage", args: { id: old.id, body: "too late" } },
    ];
    const first = await core.api("POST", "/sync/push", { token: s.adminToken, body: { clientId, mutations } });
    expect(first.body.results).toEqual([
      { id: 1, ok: true },
      { id: 2, ok: true },
      { id: 3, ok: false, error: expect.objectContaining({ error: "ERR_NO_PERMISSION" }) },
    ]);
    const again = await core.api("POST", "/sync/push", { token: s.adminToken, body: { clientId, mutations } });
    expect(again.body).toEqual(first.body);
    expect(await row(a.id)).toMatchObject({ body: "offline edit", is_edited: true });
    expect(await row(b.id)).toMatchObject({ is_deleted: true, send_state: null });
    expect((await row(old.id)).body).toBe("original");
    expect(await logged(a.id)).toBe(1);
  });
});

describe("#messages.allMe", () => {
  it("counts the company's sent or received messages over whole days, without notes or other companies", async () => {
    const pool = core.db.pool;
    // A company of its own, so that counts start at zero.
    const company = await buildCompany(pool);
    const companyId = company.id;
    const boss = await buildUser(pool, { companyId, profile: "user" });
    await setForTest(pool, "users", boss.id, { show_dashboard: "enabled" });
    const token = (await core.login(boss.email, boss.password)).token;
    const contact = await buildContact(pool, { companyId });
    const t = (await buildTicket(pool, { companyId, contactId: contact.id, status: "open" })).id;
    // 2024-03-10 in São Paulo runs from 03:00 UTC that day to 03:00 UTC the next.
    const at = (iso: string) => new Date(iso);
    await buildMessage(pool, { companyId, ticketId: t, fromMe: true, createdAt: at("2024-03-10T03:30:00Z") });
    await buildMessage(pool, { companyId, ticketId: t, fromMe: true, createdAt: at("2024-03-11T02:59:00Z") });
    await buildMessage(pool, { companyId, ticketId: t, fromMe: false, createdAt: at("2024-03-10T12:00:00Z") });
    await buildMessage(pool, {
      companyId,
      ticketId: t,
      fromMe: true,
      isPrivate: true,
      createdAt: at("2024-03-10T12:00:00Z"),
    });
    await buildMessage(pool, { companyId, ticketId: t, fromMe: true, createdAt: at("2024-03-10T02:59:00Z") });
    await buildMessage(pool, { companyId, ticketId: t, fromMe: true, createdAt: at("2024-03-11T03:00:00Z") });
    await buildMessage(pool, {
      companyId: other.company.id,
      ticketId: other.ticket.id,
      fromMe: true,
      createdAt: at("2024-03-10T12:00:00Z"),
    });

    // A user with showDashboard sees the dashboard's counters.
    const count = (q: string) => core.api("GET", `/messages-allMe?${q}`, { token });
    expect((await count("fromMe=true&dateStart=2024-03-10&dateEnd=2024-03-10")).body).toEqual({ count: 2 });
    expect((await count("fromMe=false&dateStart=2024-03-10&dateEnd=2024-03-10")).body).toEqual({ count: 1 });
    expect((await count("dateStart=2024-03-09&dateEnd=2024-03-11")).body).toEqual({ count: 5 });
    expect((await count("fromMe=true&dateStart=2024-03-11&dateEnd=2024-03-10")).status).toBe(400);
    expect((await count("fromMe=true")).status).toBe(400);
  });

  it("is refused to a plain user without showDashboard", async () => {
    const res = await core.api("GET", "/messages-allMe?dateStart=2024-01-01&dateEnd=2024-01-31", {
      token: s.agentToken,
    });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe("ERR_NO_PERMISSION");
  });
});
