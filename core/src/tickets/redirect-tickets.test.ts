import { describe, expect, it } from "vitest";
import { transaction } from "../kernel/transaction.ts";
import { buildCompany, buildContact, buildQueue, buildTicket, buildUser, buildWhatsapp } from "../testing/factories.ts";
import { testDbForFile } from "../testing/test-world.ts";
import { logTypes, ticketChanges, ticketRow } from "../testing/tickets-factories.ts";
import { redirectWaitingTickets } from "./redirect-tickets.ts";

const db = testDbForFile();

/** A company with a connection whose bot hands waiting tickets to a redirect queue after `minutes`. */
async function redirectingConnection(o: { minutes?: number; withQueue?: boolean } = {}) {
  const company = await buildCompany(db.pool);
  const queue = await buildQueue(db.pool, { companyId: company.id });
  const wa = await buildWhatsapp(db.pool, { companyId: company.id, channel: "whatsapp" });
  await db.pool.query("UPDATE whatsapps SET time_send_queue = $2, send_id_queue = $3 WHERE id = $1", [
    wa.id,
    o.minutes ?? 10,
    o.withQueue === false ? null : queue.id,
  ]);
  return { companyId: company.id, queueId: queue.id, whatsappId: wa.id };
}

/** A ticket on the connection, created `createdAgo` minutes ago (and its bot started `botAgo` minutes ago). */
async function ticketOn(
  conn: { companyId: number; whatsappId: number },
  o: { createdAgo: number; botAgo?: number; status?: string; queueId?: number | null; userId?: number | null },
) {
  const contact = await buildContact(db.pool, { companyId: conn.companyId });
  const t = await buildTicket(db.pool, {
    companyId: conn.companyId,
    contactId: contact.id,
    whatsappId: conn.whatsappId,
    status: o.status ?? "pending",
    queueId: o.queueId ?? null,
    userId: o.userId ?? null,
  });
  await db.pool.query(
    `UPDATE tickets SET is_bot = true, created_at = now() - make_interval(mins => $2),
       bot_started_at = CASE WHEN $3::int IS NULL THEN NULL ELSE now() - make_interval(mins => $3::int) END
     WHERE id = $1`,
    [t.id, o.createdAgo, o.botAgo ?? null],
  );
  return t.id;
}

const runRedirect = () => transaction(db.pool, (client) => redirectWaitingTickets(client));

async function redirectLogs(ticketId: number) {
  const { rows } = await db.pool.query<{ queue_id: number | null; user_id: number | null }>(
    "SELECT queue_id, user_id FROM ticket_logs WHERE ticket_id = $1 AND type = 'redirect'",
    [ticketId],
  );
  return rows;
}

describe("tickets:redirect (sendIdQueue after timeSendQueue)", () => {
  it("moves a ticket waiting with no queue to the redirect queue once it has waited the connection's minutes", async () => {
    const conn = await redirectingConnection({ minutes: 10 });
    const due = await ticketOn(conn, { createdAgo: 11 });
    const early = await ticketOn(conn, { createdAgo: 9 });
    const changesBefore = await ticketChanges(db.pool, conn.companyId, due);

    await runRedirect();

    expect(await ticketRow(db.pool, due)).toMatchObject({ status: "pending", queue_id: conn.queueId, user_id: null });
    const { rows } = await db.pool.query("SELECT is_bot FROM tickets WHERE id = $1", [due]);
    expect(rows[0].is_bot).toBe(false);
    expect(await redirectLogs(due)).toEqual([{ queue_id: conn.queueId, user_id: null }]);
    // Agents' replicas learn of the move through the change log.
    expect(await ticketChanges(db.pool, conn.companyId, due)).toBeGreaterThan(changesBefore);
    // Not yet waited long enough: still with the bot.
    expect((await ticketRow(db.pool, early))?.queue_id).toBeNull();
    expect(await logTypes(db.pool, early)).toEqual([]);
  });

  it("counts the wait from when the bot started, when it did", async () => {
    const conn = await redirectingConnection({ minutes: 10 });
    const botJustStarted = await ticketOn(conn, { createdAgo: 60, botAgo: 5 });
    const botLongStarted = await ticketOn(conn, { createdAgo: 60, botAgo: 15 });
    await runRedirect();
    expect((await ticketRow(db.pool, botJustStarted))?.queue_id).toBeNull();
    expect((await ticketRow(db.pool, botLongStarted))?.queue_id).toBe(conn.queueId);
  });

  it("leaves tickets that already have a queue or an agent, and tickets that are not pending", async () => {
    const conn = await redirectingConnection({ minutes: 10 });
    const agentId = (await buildUser(db.pool, { companyId: conn.companyId, profile: "user" })).id;
    const otherQueue = await buildQueue(db.pool, { companyId: conn.companyId });
    const untouched = [
      await ticketOn(conn, { createdAgo: 30, queueId: otherQueue.id }),
      await ticketOn(conn, { createdAgo: 30, userId: agentId }),
      await ticketOn(conn, { createdAgo: 30, status: "open", userId: agentId }),
      await ticketOn(conn, { createdAgo: 30, status: "closed" }),
      await ticketOn(conn, { createdAgo: 30, status: "nps", userId: agentId }),
    ];
    const before = await Promise.all(untouched.map((id) => ticketRow(db.pool, id)));
    await runRedirect();
    expect(await Promise.all(untouched.map((id) => ticketRow(db.pool, id)))).toEqual(before);
    for (const id of untouched) expect(await redirectLogs(id)).toEqual([]);
  });

  it("does nothing on connections without the setting (no minutes, or no queue)", async () => {
    const off = await redirectingConnection({ minutes: 0 });
    const noQueue = await redirectingConnection({ minutes: 10, withQueue: false });
    const a = await ticketOn(off, { createdAgo: 600 });
    const b = await ticketOn(noQueue, { createdAgo: 600 });
    await runRedirect();
    expect((await ticketRow(db.pool, a))?.queue_id).toBeNull();
    expect((await ticketRow(db.pool, b))?.queue_id).toBeNull();
    expect([...(await logTypes(db.pool, a)), ...(await logTypes(db.pool, b))]).toEqual([]);
  });

  it("redirects each company's tickets into its own queue, never another company's", async () => {
    const a = await redirectingConnection({ minutes: 10 });
    const b = await redirectingConnection({ minutes: 10 });
    // A connection pointed at another company's queue (the foreign key alone allows it).
    const crossed = await redirectingConnection({ minutes: 10 });
    await db.pool.query("UPDATE whatsapps SET send_id_queue = $2 WHERE id = $1", [crossed.whatsappId, a.queueId]);
    const ta = await ticketOn(a, { createdAgo: 20 });
    const tb = await ticketOn(b, { createdAgo: 20 });
    const tc = await ticketOn(crossed, { createdAgo: 20 });
    await runRedirect();
    expect(await ticketRow(db.pool, ta)).toMatchObject({ company_id: a.companyId, queue_id: a.queueId });
    expect(await ticketRow(db.pool, tb)).toMatchObject({ company_id: b.companyId, queue_id: b.queueId });
    expect((await ticketRow(db.pool, tc))?.queue_id).toBeNull();
    expect(await ticketChanges(db.pool, b.companyId, ta)).toBe(0);
    expect(await ticketChanges(db.pool, a.companyId, tb)).toBe(0);
  });

  it("redirects a ticket once: a later run finds nothing left to move", async () => {
    const conn = await redirectingConnection({ minutes: 10 });
    const t = await ticketOn(conn, { createdAgo: 20 });
    await runRedirect();
    await runRedirect();
    expect(await redirectLogs(t)).toHaveLength(1);
  });
});

describe("tickets:redirect queue position (issue 9)", () => {
  it("tells the redirected contact their place in the queue when sendQueuePosition is on, and only then", async () => {
    const conn = await redirectingConnection({ minutes: 10 });
    const already = await ticketOn(conn, { createdAgo: 1, queueId: conn.queueId });
    const due = await ticketOn(conn, { createdAgo: 11 });
    const set = (key: string, value: string) =>
      db.pool.query(
        `INSERT INTO settings (company_id, key, value) VALUES ($1, $2, $3)
         ON CONFLICT (company_id, key) DO UPDATE SET value = EXCLUDED.value`,
        [conn.companyId, key, value],
      );
    await set("sendQueuePosition", "enabled");
    await set("sendQueuePositionMessage", "Sua posição na fila é");
    await runRedirect();
    const sent = (id: number) =>
      db.pool.query("SELECT body, send_state FROM messages WHERE ticket_id = $1 AND from_me", [id]).then((r) => r.rows);
    // The ticket already waiting there counts ahead of it.
    expect(await sent(due)).toEqual([{ body: "Sua posição na fila é *2*", send_state: "queued" }]);
    expect(await sent(already)).toEqual([]);

    await set("sendQueuePosition", "disabled");
    const quiet = await ticketOn(conn, { createdAgo: 11 });
    await runRedirect();
    expect(await ticketRow(db.pool, quiet)).toMatchObject({ queue_id: conn.queueId });
    expect(await sent(quiet)).toEqual([]);
  });
});
