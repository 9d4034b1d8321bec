import { describe, expect, it } from "vitest";
import { transaction } from "../kernel/transaction.ts";
import { rotateWaitingTickets } from "../queues/rotate-waiting-tickets.ts";
import { buildCompany, buildContact, buildQueue, buildTicket, buildUser, buildWhatsapp } from "../testing/factories.ts";
import { forFile, testDbForFile } from "../testing/test-world.ts";
import { logTypes } from "../testing/tickets-factories.ts";
import { expireTickets } from "../tickets/expire-tickets.ts";
import { sendInactiveMessages } from "./send-inactive-messages.ts";

const db = testDbForFile();
const pool = () => db.pool;

/** The clock `minutes` from the moment the test's rows were written (the database's now). */
const later = (minutes: number) => new Date(Date.now() + minutes * 60_000);

const world = forFile(async () => {
  const company = await buildCompany(pool());
  const wa = await buildWhatsapp(pool(), { companyId: company.id, channel: "whatsapp" });
  return { companyId: company.id, whatsappId: wa.id };
});

async function ticketWith(o: {
  status?: string;
  userId?: number | null;
  queueId?: number | null;
  whatsappId?: number;
}) {
  const contact = await buildContact(pool(), { companyId: world.companyId });
  const t = await buildTicket(pool(), {
    companyId: world.companyId,
    contactId: contact.id,
    whatsappId: o.whatsappId ?? world.whatsappId,
    status: o.status ?? "pending",
    userId: o.userId ?? null,
    queueId: o.queueId ?? null,
  });
  return { id: t.id, contactId: contact.id };
}

/** A message on the ticket, `fromMe` for the attendant's side, `atMinute` minutes after the database's now. */
const message = (t: { id: number; contactId: number }, fromMe: boolean, body = "oi", atMinute = 0) =>
  pool().query(
    `INSERT INTO messages (id, company_id, ticket_id, contact_id, whatsapp_id, body, from_me, created_at)
     SELECT gen_random_uuid(), company_id, id, contact_id, whatsapp_id, $2, $3, now() + make_interval(mins => $4)
     FROM tickets WHERE id = $1`,
    [t.id, body, fromMe, atMinute],
  );

const queued = async (ticketId: number) =>
  (
    await pool().query<{ body: string }>(
      "SELECT body FROM messages WHERE ticket_id = $1 AND from_me AND send_state = 'queued' ORDER BY id",
      [ticketId],
    )
  ).rows.map((r) => r.body);

const run = <T>(fn: (c: import("pg").ClientBase) => Promise<T>) => transaction(pool(), fn);

describe("tickets:inactive-message", () => {
  it("tells a silent contact on a waiting conversation once per silence", async () => {
    const wa = await buildWhatsapp(pool(), { companyId: world.companyId, channel: "whatsapp" });
    await pool().query(
      "UPDATE whatsapps SET time_inactive_message = 10, inactive_message = 'Ainda está aí?' WHERE id = $1",
      [wa.id],
    );
    const t = await ticketWith({ whatsappId: wa.id });
    const attended = await ticketWith({ whatsappId: wa.id, status: "open" });
    await message(t, false);
    await message(attended, false);
    expect(await run((c) => sendInactiveMessages(c, { now: later(9) }))).toBe(0);
    expect(await run((c) => sendInactiveMessages(c, { now: later(10.5) }))).toBe(1);
    expect(await queued(t.id)).toEqual(["Ainda está aí?"]);
    expect(await queued(attended.id)).toEqual([]);
    // Still silent: not again.
    expect(await run((c) => sendInactiveMessages(c, { now: later(30) }))).toBe(0);
    // The contact speaks at minute 35, then falls silent again: told again.
    await message(t, false, "voltei", 35);
    expect(await run((c) => sendInactiveMessages(c, { now: later(40) }))).toBe(0);
    expect(await run((c) => sendInactiveMessages(c, { now: later(45) }))).toBe(1);
    expect(await queued(t.id)).toEqual(["Ainda está aí?", "Ainda está aí?"]);
  });
});

describe("tickets:expire", () => {
  it("closes a conversation expiresTicket minutes after its last message, with the text and a log entry", async () => {
    const wa = await buildWhatsapp(pool(), { companyId: world.companyId, channel: "whatsapp" });
    await pool().query(
      "UPDATE whatsapps SET expires_ticket = 30, when_expires_ticket = 0, expires_inactive_message = 'Encerrado' WHERE id = $1",
      [wa.id],
    );
    const user = await buildUser(pool(), { companyId: world.companyId });
    const t = await ticketWith({ whatsappId: wa.id, status: "open", userId: user.id });
    await message(t, false);
    expect(await run((c) => expireTickets(c, { now: later(29) }))).toBe(0);
    expect(await run((c) => expireTickets(c, { now: later(31) }))).toBe(1);
    const { rows } = await pool().query("SELECT status, closed_at IS NOT NULL AS closed FROM tickets WHERE id = $1", [
      t.id,
    ]);
    expect(rows[0]).toEqual({ status: "closed", closed: true });
    expect(await queued(t.id)).toEqual(["Encerrado"]);
    expect(await logTypes(pool(), t.id)).toEqual(["closed"]);
    expect(await run((c) => expireTickets(c, { now: later(120) }))).toBe(0);
  });

  it("with whenExpiresTicket 1 counts only a last message of the attendant", async () => {
    const wa = await buildWhatsapp(pool(), { companyId: world.companyId, channel: "whatsapp" });
    await pool().query("UPDATE whatsapps SET expires_ticket = 30, when_expires_ticket = 1 WHERE id = $1", [wa.id]);
    const contactLast = await ticketWith({ whatsappId: wa.id, status: "open" });
    const agentLast = await ticketWith({ whatsappId: wa.id, status: "open" });
    await message(contactLast, false);
    await message(agentLast, true);
    expect(await run((c) => expireTickets(c, { now: later(60) }))).toBe(1);
    const { rows } = await pool().query("SELECT id, status FROM tickets WHERE id = ANY($1) ORDER BY id", [
      [contactLast.id, agentLast.id],
    ]);
    expect(rows.map((r) => r.status)).toEqual(["open", "closed"]);
    // No text set: it closes without one.
    expect(await queued(agentLast.id)).toEqual([]);
  });

  it("leaves connections with expiresTicket 0 alone", async () => {
    const t = await ticketWith({ status: "open" });
    await message(t, false);
    await run((c) => expireTickets(c, { now: later(10_000) }));
    expect((await pool().query("SELECT status FROM tickets WHERE id = $1", [t.id])).rows[0].status).toBe("open");
  });
});

describe("queues:rotate", () => {
  it("hands a waiting ticket to the next online agent of the queue, round robin, after tempoRoteador minutes", async () => {
    const queue = await buildQueue(pool(), { companyId: world.companyId });
    await pool().query("UPDATE queues SET ativar_roteador = true, tempo_roteador = 5 WHERE id = $1", [queue.id]);
    const a = await buildUser(pool(), { companyId: world.companyId, profile: "user" });
    const b = await buildUser(pool(), { companyId: world.companyId, profile: "user" });
    const offline = await buildUser(pool(), { companyId: world.companyId, profile: "user" });
    await pool().query("UPDATE users SET online = (id <> $2) WHERE id = ANY($1)", [
      [a.id, b.id, offline.id],
      offline.id,
    ]);
    await pool().query(
      "INSERT INTO user_queues (user_id, queue_id, company_id) SELECT u, $2, $3 FROM unnest($1::int[]) AS u",
      [[a.id, b.id, offline.id], queue.id, world.companyId],
    );
    const first = await ticketWith({ queueId: queue.id });
    const second = await ticketWith({ queueId: queue.id });
    const owner = async (id: number) =>
      (await pool().query("SELECT user_id, status FROM tickets WHERE id = $1", [id])).rows[0];

    expect(await run((c) => rotateWaitingTickets(c, { now: later(4) }))).toBe(0);
    expect(await run((c) => rotateWaitingTickets(c, { now: later(5.5) }))).toBe(2);
    expect(await owner(first.id)).toEqual({ user_id: a.id, status: "pending" });
    expect(await owner(second.id)).toEqual({ user_id: b.id, status: "pending" });
    const logs = await pool().query("SELECT type, user_id, queue_id FROM ticket_logs WHERE ticket_id = $1", [first.id]);
    expect(logs.rows).toEqual([{ type: "redirect", user_id: a.id, queue_id: queue.id }]);

    // Not accepted after another round: each moves on, never to the offline agent nor back to its holder.
    expect(await run((c) => rotateWaitingTickets(c, { now: later(11) }))).toBe(2);
    expect((await owner(first.id)).user_id).toBe(b.id);
    expect((await owner(second.id)).user_id).toBe(a.id);

    // An accepted ticket stays with its agent.
    await pool().query("UPDATE tickets SET status = 'open' WHERE id = $1", [first.id]);
    await run((c) => rotateWaitingTickets(c, { now: later(30) }));
    expect(await owner(first.id)).toEqual({ user_id: b.id, status: "open" });
  });

  it("does nothing with rotation off or with nobody online", async () => {
    const off = await buildQueue(pool(), { companyId: world.companyId });
    const empty = await buildQueue(pool(), { companyId: world.companyId });
    await pool().query("UPDATE queues SET ativar_roteador = true, tempo_roteador = 5 WHERE id = $1", [empty.id]);
    const t1 = await ticketWith({ queueId: off.id });
    const t2 = await ticketWith({ queueId: empty.id });
    await run((c) => rotateWaitingTickets(c, { now: later(60) }));
    const { rows } = await pool().query("SELECT user_id FROM tickets WHERE id = ANY($1)", [[t1.id, t2.id]]);
    expect(rows.map((r) => r.user_id)).toEqual([null, null]);
  });
});
