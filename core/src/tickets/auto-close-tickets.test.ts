import { describe, expect, it } from "vitest";
import { transaction } from "../kernel/transaction.ts";
import { buildCompany, buildContact, buildQueue, buildTicket, buildWhatsapp } from "../testing/factories.ts";
import { testDbForFile } from "../testing/test-world.ts";
import { ticketChanges, ticketRow } from "../testing/tickets-factories.ts";
import { autoCloseTickets } from "./auto-close-tickets.ts";

const db = testDbForFile();

/** A company with a connection and a queue; `ticket` makes one last changed `idleHours` ago. */
async function company() {
  const c = await buildCompany(db.pool);
  const wa = await buildWhatsapp(db.pool, { companyId: c.id, channel: "whatsapp" });
  const queue = await buildQueue(db.pool, { companyId: c.id });
  return {
    id: c.id,
    queueId: queue.id,
    async ticket(idleHours: number, o: { status?: string; isGroup?: boolean } = {}) {
      const contact = await buildContact(db.pool, { companyId: c.id });
      const t = await buildTicket(db.pool, {
        companyId: c.id,
        contactId: contact.id,
        whatsappId: wa.id,
        status: o.status ?? "open",
        queueId: queue.id,
      });
      await db.pool.query(
        `UPDATE tickets SET is_group = $2, unread_messages = 2,
           updated_at = now() - make_interval(mins => $3) WHERE id = $1`,
        [t.id, o.isGroup ?? false, Math.round(idleHours * 60)],
      );
      return t.id;
    },
  };
}

const run = (hours: number, batch?: number) =>
  transaction(db.pool, (client) => autoCloseTickets(client, { hours, batch }));
const statusOf = async (id: number) => (await ticketRow(db.pool, id))?.status;

describe("tickets auto-close", () => {
  it("closes open and pending tickets idle for the configured hours, logged with no user and change-logged", async () => {
    const c = await company();
    const open = await c.ticket(25);
    const pending = await c.ticket(24.5, { status: "pending" });
    const recent = await c.ticket(23);
    const before = await ticketChanges(db.pool, c.id, open);
    expect(await run(24)).toBeGreaterThanOrEqual(2);
    expect(await ticketRow(db.pool, open)).toMatchObject({ status: "closed", unread_messages: 0 });
    expect(await statusOf(pending)).toBe("closed");
    expect(await statusOf(recent)).toBe("open");
    const { rows } = await db.pool.query("SELECT type, user_id, queue_id FROM ticket_logs WHERE ticket_id = $1", [
      open,
    ]);
    expect(rows).toEqual([{ type: "closed", user_id: null, queue_id: c.queueId }]);
    expect(await ticketChanges(db.pool, c.id, open)).toBeGreaterThan(before);
    // Closed once: a second run finds nothing more of these.
    await run(24);
    const logs = await db.pool.query("SELECT count(*)::int AS n FROM ticket_logs WHERE ticket_id = $1", [open]);
    expect(logs.rows[0].n).toBe(1);
  });

  it("leaves attended group chats, rating and consent waits alone; a waiting group chat closes like any other", async () => {
    const c = await company();
    const ids = [
      await c.ticket(48, { status: "group", isGroup: true }),
      await c.ticket(48, { status: "nps" }),
      await c.ticket(48, { status: "lgpd" }),
      await c.ticket(48, { status: "pending", isGroup: true }),
    ];
    await run(24);
    expect(await Promise.all(ids.map(statusOf))).toEqual(["group", "nps", "lgpd", "closed"]);
  });

  it("is off with 0 hours", async () => {
    const c = await company();
    const old = await c.ticket(1000);
    expect(await run(0)).toBe(0);
    expect(await statusOf(old)).toBe("open");
  });

  it("closes at most a batch per company and status per run, oldest first, in every company", async () => {
    const a = await company();
    const b = await company();
    const aIds = [await a.ticket(30), await a.ticket(40), await a.ticket(50)];
    const bOld = await b.ticket(30);
    await run(24, 2);
    expect(await Promise.all(aIds.map(statusOf))).toEqual(["open", "closed", "closed"]);
    expect(await statusOf(bOld)).toBe("closed");
    await run(24, 2);
    expect(await statusOf(aIds[0]!)).toBe("closed");
  });
});
