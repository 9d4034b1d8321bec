import { describe, expect, it } from "vitest";
import { transaction } from "../kernel/transaction.ts";
import { buildCompany, buildContact, buildQueue, buildTicket, buildUser, buildWhatsapp } from "../testing/factories.ts";
import { forFile, testDbForFile } from "../testing/test-world.ts";
import { ticketChanges, ticketRow } from "../testing/tickets-factories.ts";
import { expireRatings } from "./expire-ratings.ts";

const db = testDbForFile();
const world = forFile(async () => {
  const company = await buildCompany(db.pool);
  return {
    companyId: company.id,
    queueId: (await buildQueue(db.pool, { companyId: company.id })).id,
    agentId: (await buildUser(db.pool, { companyId: company.id, profile: "user" })).id,
  };
});

/** A connection whose rating questions expire after `minutes` (0 = never). */
async function connection(minutes: number) {
  const wa = await buildWhatsapp(db.pool, { companyId: world.companyId, channel: "whatsapp" });
  await db.pool.query("UPDATE whatsapps SET expires_ticket_nps = $2 WHERE id = $1", [wa.id, minutes]);
  return wa.id;
}

/** An attended ticket whose rating was asked `askedAgo` minutes ago, with unread answers. */
async function askedTicket(whatsappId: number, askedAgo: number, status = "nps") {
  const contact = await buildContact(db.pool, { companyId: world.companyId });
  const t = await buildTicket(db.pool, {
    companyId: world.companyId,
    contactId: contact.id,
    whatsappId,
    status,
    userId: world.agentId,
    queueId: world.queueId,
  });
  await db.pool.query(
    "UPDATE tickets SET unread_messages = 2, rating_asked_at = now() - make_interval(mins => $2) WHERE id = $1",
    [t.id, askedAgo],
  );
  return t.id;
}

const runExpiry = () => transaction(db.pool, (client) => expireRatings(client));

async function logs(ticketId: number) {
  const { rows } = await db.pool.query("SELECT type, user_id, queue_id FROM ticket_logs WHERE ticket_id = $1", [
    ticketId,
  ]);
  return rows;
}

describe("tickets:expire-ratings (expiresTicketNPS)", () => {
  it("closes a ticket still waiting for its rating once the connection's window has passed", async () => {
    const wa = await connection(30);
    const t = await askedTicket(wa, 31);
    const changesBefore = await ticketChanges(db.pool, world.companyId, t);

    await runExpiry();

    const row = await ticketRow(db.pool, t);
    expect(row).toMatchObject({ status: "closed", unread_messages: 0, user_id: world.agentId });
    expect(row?.closed_at).toBeInstanceOf(Date);
    expect(await logs(t)).toEqual([{ type: "closed", user_id: world.agentId, queue_id: world.queueId }]);
    expect(await ticketChanges(db.pool, world.companyId, t)).toBeGreaterThan(changesBefore);
    // Closed unrated.
    const { rowCount } = await db.pool.query("SELECT 1 FROM user_ratings WHERE ticket_id = $1", [t]);
    expect(rowCount).toBe(0);
  });

  it("keeps waiting inside the window, and each connection keeps its own window", async () => {
    const short = await connection(5);
    const long = await connection(60);
    const shortDue = await askedTicket(short, 6);
    const longWaiting = await askedTicket(long, 6);
    await runExpiry();
    expect((await ticketRow(db.pool, shortDue))?.status).toBe("closed");
    expect(await ticketRow(db.pool, longWaiting)).toMatchObject({ status: "nps", closed_at: null, unread_messages: 2 });
    expect(await logs(longWaiting)).toEqual([]);
  });

  it("never expires on a connection with no window (0)", async () => {
    const never = await connection(0);
    const t = await askedTicket(never, 60 * 24 * 30);
    await runExpiry();
    expect((await ticketRow(db.pool, t))?.status).toBe("nps");
  });

  it("touches only tickets waiting for a rating", async () => {
    const wa = await connection(30);
    // Asked long ago, but the contact answered with text: back in the queue, attended again.
    const reopened = await askedTicket(wa, 120, "pending");
    const open = await askedTicket(wa, 120, "open");
    await runExpiry();
    expect((await ticketRow(db.pool, reopened))?.status).toBe("pending");
    expect((await ticketRow(db.pool, open))?.status).toBe("open");
    expect([...(await logs(reopened)), ...(await logs(open))]).toEqual([]);
  });
});
