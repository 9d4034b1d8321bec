// The kanban board's server side (spec 2 §3 Tag, §4 Kanban, §6, §7 "Tags and kanban"; decision 0047): the tag's
// lane fields, GET /tag/kanban/, GET /ticket/kanban, and the lane timer's use case.
import { describe, expect, it } from "vitest";
import { transaction } from "../kernel/transaction.ts";
import { buildTag, changesAfter, hideNumbersForTest, lastSeq } from "../testing/contacts-factories.ts";
import { buildCompany, buildContact, buildQueue, buildTicket, buildUser, buildWhatsapp } from "../testing/factories.ts";
import { buildInbox } from "../testing/messages-factories.ts";
import { coreForFile } from "../testing/test-world.ts";
import { joinQueue } from "../testing/tickets-factories.ts";
import { advanceKanbanLanes } from "./advance-lanes.ts";

const core = coreForFile();

const putInLane = (ticketId: number, tagId: number, companyId: number, hoursAgo = 0) =>
  core.db.pool.query(
    `INSERT INTO ticket_tags (ticket_id, tag_id, company_id, created_at)
     VALUES ($1, $2, $3, now() - make_interval(hours => $4))`,
    [ticketId, tagId, companyId, hoursAgo],
  );
const laneOf = async (ticketId: number) =>
  (
    await core.db.pool.query<{ tag_id: number }>(
      "SELECT tag_id FROM ticket_tags WHERE ticket_id = $1 ORDER BY tag_id",
      [ticketId],
    )
  ).rows.map((r) => r.tag_id);

describe("#tags lane fields", () => {
  it("stores, answers and clears timeLane, nextLaneId, rollbackLaneId and greetingMessageLane", async () => {
    const s = await buildInbox(core);
    const next = await buildTag(core.db.pool, { companyId: s.company.id, kanban: 1 });
    const back = await buildTag(core.db.pool, { companyId: s.company.id, kanban: 1 });
    const created = await core.api("POST", "/tags", {
      token: s.adminToken,
      body: { name: "Em negociação", kanban: 1, timeLane: 24, nextLaneId: next.id, greetingMessageLane: "Olá!" },
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ kanban: 1, timeLane: 24, nextLaneId: next.id, rollbackLaneId: null });
    expect(created.body.greetingMessageLane).toBe("Olá!");
    const id = created.body.id;
    const updated = await core.api("PUT", `/tags/${id}`, {
      token: s.adminToken,
      body: { rollbackLaneId: back.id, nextLaneId: null },
    });
    expect(updated.body).toMatchObject({ timeLane: 24, nextLaneId: null, rollbackLaneId: back.id });
    const shown = await core.api("GET", `/tags/${id}`, { token: s.adminToken });
    expect(shown.body).toMatchObject({ timeLane: 24, nextLaneId: null, rollbackLaneId: back.id, lanePosition: null });
    // A new tag's timeLane is 0 (spec 2 §9).
    const plain = await core.api("POST", "/tags", { token: s.adminToken, body: { name: "Simples" } });
    expect(plain.body.timeLane).toBe(0);
  });

  it("refuses another company's tag as a lane and a timeLane out of range", async () => {
    const s = await buildInbox(core);
    const other = await buildInbox(core);
    const theirs = await buildTag(core.db.pool, { companyId: other.company.id, kanban: 1 });
    const mine = await buildTag(core.db.pool, { companyId: s.company.id, kanban: 1 });
    const foreign = await core.api("PUT", `/tags/${mine.id}`, { token: s.adminToken, body: { nextLaneId: theirs.id } });
    expect([foreign.status, foreign.body.error]).toEqual([404, "ERR_NO_TAG_FOUND"]);
    const negative = await core.api("PUT", `/tags/${mine.id}`, { token: s.adminToken, body: { timeLane: -1 } });
    expect(negative.status).toBe(400);
    expect(negative.body.fields.timeLane).toBe("Invalid number");
    const created = await core.api("POST", "/tags", {
      token: s.adminToken,
      body: { name: "Fora", kanban: 1, rollbackLaneId: theirs.id },
    });
    expect(created.body.error).toBe("ERR_NO_TAG_FOUND");
  });

  it("lists lanes in their board order, then by name, in GET /tag/kanban/ and GET /tags/list?kanban=1", async () => {
    const s = await buildInbox(core);
    const pool = core.db.pool;
    const b = await buildTag(pool, { companyId: s.company.id, kanban: 1, name: "Bravo" });
    const a = await buildTag(pool, { companyId: s.company.id, kanban: 1, name: "Alfa" });
    const c = await buildTag(pool, { companyId: s.company.id, kanban: 1, name: "Charlie" });
    await buildTag(pool, { companyId: s.company.id, name: "Plain" });
    await pool.query("UPDATE tags SET lane_position = 0 WHERE id = $1", [c.id]);
    await pool.query("UPDATE tags SET lane_position = 1 WHERE id = $1", [b.id]);
    const lanes = await core.api("GET", "/tag/kanban/", { token: s.agentToken });
    expect(lanes.status).toBe(200);
    expect(lanes.body.lista.map((t: { id: number }) => t.id)).toEqual([c.id, b.id, a.id]);
    const list = await core.api("GET", "/tags/list?kanban=1", { token: s.agentToken });
    expect(list.body.map((t: { id: number }) => t.id)).toEqual([c.id, b.id, a.id]);
    const one = await core.api("GET", `/tags?tagId=${a.id}`, { token: s.agentToken });
    expect(one.body.tags.map((t: { id: number }) => t.id)).toEqual([a.id]);
  });
});

describe("#ticket.kanban", () => {
  it("answers today's open and pending tickets of the caller's queues, as cards, masked for a plain user", async () => {
    const pool = core.db.pool;
    const s = await buildInbox(core);
    const otherQueue = await buildQueue(pool, { companyId: s.company.id });
    const lane = await buildTag(pool, { companyId: s.company.id, kanban: 1, name: "Lane" });
    const contact = await buildContact(pool, { companyId: s.company.id, name: "Dora", number: "5511987654321" });
    // One ticket in progress per contact and connection: each other ticket has a contact of its own.
    const mk = async (o: { status?: string; queueId?: number | null }, contactId?: number) =>
      buildTicket(pool, {
        companyId: s.company.id,
        contactId: contactId ?? (await buildContact(pool, { companyId: s.company.id })).id,
        whatsappId: s.wa.id,
        ...o,
      });
    const shown = await mk({ status: "pending", queueId: s.queue.id }, contact.id);
    await pool.query("UPDATE tickets SET last_message = 'Quero um orçamento', unread_messages = 2 WHERE id = $1", [
      shown.id,
    ]);
    await putInLane(shown.id, lane.id, s.company.id);
    const closed = await mk({ status: "closed", queueId: s.queue.id });
    const elsewhere = await mk({ status: "pending", queueId: otherQueue.id });
    const old = await mk({ status: "pending", queueId: s.queue.id });
    await pool.query("UPDATE tickets SET updated_at = now() - interval '5 days' WHERE id = $1", [old.id]);
    await hideNumbersForTest(pool, s.company.id);

    const res = await core.api("GET", "/ticket/kanban", { token: s.agentToken });
    expect(res.status).toBe(200);
    const ids = res.body.tickets.map((t: { id: number }) => t.id);
    expect(ids).toContain(shown.id);
    for (const hidden of [closed.id, elsewhere.id, old.id]) expect(ids).not.toContain(hidden);
    const card = res.body.tickets.find((t: { id: number }) => t.id === shown.id);
    expect(card).toMatchObject({
      lastMessage: "Quero um orçamento",
      unreadMessages: 2,
      channel: "whatsappapi",
      contact: { name: "Dora" },
      whatsapp: { id: s.wa.id },
      tags: [{ id: lane.id, name: "Lane" }],
      tagIds: [lane.id],
    });
    expect(card.contact.number).not.toBe("5511987654321");
    expect(typeof card.updatedAt).toBe("string");

    // A wider range finds the older ticket; a queue that is not the caller's finds nothing.
    const start = new Date(Date.now() - 10 * 86_400_000).toISOString().slice(0, 10);
    const wide = await core.api("GET", `/ticket/kanban?startDate=${start}`, { token: s.agentToken });
    expect(wide.body.tickets.map((t: { id: number }) => t.id)).toContain(old.id);
    const notMine = await core.api("GET", `/ticket/kanban?queueIds=${JSON.stringify([otherQueue.id])}`, {
      token: s.agentToken,
    });
    expect(notMine.body.tickets).toEqual([]);
    // The admin of buildInbox has no queue of their own: the board is filtered by the user's queues (spec 2 §6).
    const admin = await core.api("GET", "/ticket/kanban", { token: s.adminToken });
    expect(admin.body.tickets).toEqual([]);
    await joinQueue(pool, s.company.id, s.admin.id, otherQueue.id);
    const admin2 = await core.login(s.admin.email, s.admin.password);
    const after = await core.api("GET", "/ticket/kanban", { token: admin2.token });
    expect(after.body.tickets.map((t: { id: number }) => t.id)).toEqual([elsewhere.id]);
    // An admin is never masked (spec 1 §6 LGPD).
    expect(after.body.tickets[0].contact.number).not.toContain("*");
  });

  it("refuses the board's calls when the plan has useKanban off, and bad dates", async () => {
    const pool = core.db.pool;
    const plan = await pool.query<{ id: number }>(
      "INSERT INTO plans (name, use_kanban) VALUES ('Sem kanban', false) RETURNING id",
    );
    const company = await buildCompany(pool);
    await pool.query("UPDATE companies SET plan_id = $2 WHERE id = $1", [company.id, plan.rows[0]!.id]);
    const user = await buildUser(pool, { companyId: company.id, profile: "admin" });
    const { token } = await core.login(user.email, user.password);
    for (const url of ["/ticket/kanban", "/tag/kanban/"]) {
      const res = await core.api("GET", url, { token });
      expect([res.status, res.body.error], url).toEqual([403, "ERR_NO_PERMISSION"]);
    }
    const wa = await buildWhatsapp(pool, { companyId: company.id });
    const contact = await buildContact(pool, { companyId: company.id });
    const ticket = await buildTicket(pool, { companyId: company.id, contactId: contact.id, whatsappId: wa.id });
    const lane = await buildTag(pool, { companyId: company.id, kanban: 1 });
    const push = await core.api("POST", "/sync/push", {
      token,
      body: {
        clientId: "kanban-off",
        mutations: [{ id: 1, name: "moveTicketLane", args: { ticketId: ticket.id, toLaneId: lane.id } }],
      },
    });
    expect(push.body.results[0]).toMatchObject({ ok: false, error: { error: "ERR_NO_PERMISSION" } });
    await pool.query("UPDATE plans SET use_kanban = true WHERE id = $1", [plan.rows[0]!.id]);
    const bad = await core.api("GET", "/ticket/kanban?startDate=2026-02-30", { token });
    expect(bad.status).toBe(400);
  });
});

describe("#kanban lane timer", () => {
  it("moves a ticket on after timeLane hours with the next lane's greeting, back when the contact wrote, once", async () => {
    const pool = core.db.pool;
    const s = await buildInbox(core);
    const other = await buildInbox(core);
    const lane = (name: string) => buildTag(pool, { companyId: s.company.id, kanban: 1, name });
    const [first, next, back] = [await lane("Primeiro"), await lane("Seguinte"), await lane("Retorno")];
    await pool.query("UPDATE tags SET time_lane = 2, next_lane_id = $2, rollback_lane_id = $3 WHERE id = $1", [
      first.id,
      next.id,
      back.id,
    ]);
    await pool.query("UPDATE tags SET greeting_message_lane = 'Olá {{name}}, seguimos!' WHERE id = $1", [next.id]);
    const ticketIn = async (hoursAgo: number) => {
      const contact = await buildContact(pool, { companyId: s.company.id, name: "Eva" });
      const t = await buildTicket(pool, {
        companyId: s.company.id,
        contactId: contact.id,
        whatsappId: s.wa.id,
        status: "open",
        queueId: s.queue.id,
      });
      await putInLane(t.id, first.id, s.company.id, hoursAgo);
      return t;
    };
    const due = await ticketIn(3);
    const answered = await ticketIn(3);
    await pool.query(
      `INSERT INTO messages (id, company_id, ticket_id, body, from_me, ack, media_type)
       VALUES (gen_random_uuid(), $1, $2, 'ainda estou aqui', false, 0, 'chat')`,
      [s.company.id, answered.id],
    );
    const early = await ticketIn(1);
    // Another company's ticket past its own lane's time is that company's: it moves too, but only there.
    const theirs = await buildTag(pool, { companyId: other.company.id, kanban: 1 });
    const theirNext = await buildTag(pool, { companyId: other.company.id, kanban: 1 });
    await pool.query("UPDATE tags SET time_lane = 1, next_lane_id = $2 WHERE id = $1", [theirs.id, theirNext.id]);
    await putInLane(other.ticket.id, theirs.id, other.company.id, 2);

    const seq = await lastSeq(pool, s.company.id);
    const moved = await transaction(pool, (client) => advanceKanbanLanes(client));
    expect(moved).toBeGreaterThanOrEqual(3);
    expect(await laneOf(due.id)).toEqual([next.id]);
    expect(await laneOf(answered.id)).toEqual([back.id]);
    expect(await laneOf(early.id)).toEqual([first.id]);
    expect(await laneOf(other.ticket.id)).toEqual([theirNext.id]);
    const greetings = await pool.query<{ ticket_id: number; body: string; send_state: string }>(
      "SELECT ticket_id, body, send_state FROM messages WHERE company_id = $1 AND from_me ORDER BY ticket_id",
      [s.company.id],
    );
    expect(greetings.rows).toEqual([{ ticket_id: due.id, body: "Olá Eva, seguimos!", send_state: "queued" }]);
    const changes = await changesAfter(pool, s.company.id, seq);
    expect(changes).toEqual(expect.arrayContaining([`tickets:${due.id}`, `tickets:${answered.id}`]));
    expect(changes.filter((c) => c.startsWith("messages:"))).toHaveLength(1);
    // A second run (another worker, a retry) finds nothing left: no second move, no second greeting.
    expect(await transaction(pool, (client) => advanceKanbanLanes(client))).toBe(0);
    const again = await pool.query("SELECT count(*)::int AS n FROM messages WHERE company_id = $1 AND from_me", [
      s.company.id,
    ]);
    expect(again.rows[0].n).toBe(1);
  });

  it("on a Cloud API ticket past the 24-hour window, moves it and stores the greeting failed with the reason", async () => {
    // Meta refuses a free-form message to a contact who has not written in 24 hours (131047): the lane's greeting
    // is not queued; the conversation shows it failed with the window's reason, and the move stands (decision 0116).
    const pool = core.db.pool;
    const company = await buildCompany(pool);
    const cloud = await buildWhatsapp(pool, { companyId: company.id, channel: "whatsappapi" });
    const [first, next] = [
      await buildTag(pool, { companyId: company.id, kanban: 1 }),
      await buildTag(pool, { companyId: company.id, kanban: 1 }),
    ];
    await pool.query("UPDATE tags SET time_lane = 1, next_lane_id = $2 WHERE id = $1", [first.id, next.id]);
    await pool.query("UPDATE tags SET greeting_message_lane = 'Ainda precisa de ajuda?' WHERE id = $1", [next.id]);
    const ticketWhoseContactWrote = async (hoursAgo: number) => {
      const contact = await buildContact(pool, { companyId: company.id });
      const t = await buildTicket(pool, {
        companyId: company.id,
        contactId: contact.id,
        whatsappId: cloud.id,
        status: "open",
      });
      await pool.query(
        `INSERT INTO messages (id, company_id, ticket_id, contact_id, whatsapp_id, body, from_me, created_at)
         VALUES (gen_random_uuid(), $1, $2, $3, $4, 'Oi', false, now() - make_interval(hours => $5))`,
        [company.id, t.id, contact.id, cloud.id, hoursAgo],
      );
      // In the lane since after that message: the contact has not written since, so it moves on (not back).
      await putInLane(t.id, first.id, company.id, 2);
      return t;
    };
    const stale = await ticketWhoseContactWrote(30);
    const fresh = await ticketWhoseContactWrote(3);
    await transaction(pool, (client) => advanceKanbanLanes(client));
    expect(await laneOf(stale.id)).toEqual([next.id]);
    expect(await laneOf(fresh.id)).toEqual([next.id]);
    const greetings = await pool.query(
      `SELECT ticket_id, body, send_state, ack, error_code FROM messages WHERE company_id = $1 AND from_me
       ORDER BY ticket_id`,
      [company.id],
    );
    expect(greetings.rows).toEqual([
      {
        ticket_id: stale.id,
        body: "Ainda precisa de ajuda?",
        send_state: "failed",
        ack: -1,
        error_code: "ERR_OUTSIDE_MESSAGING_WINDOW",
      },
      { ticket_id: fresh.id, body: "Ainda precisa de ajuda?", send_state: "queued", ack: 0, error_code: null },
    ]);
  });
});
