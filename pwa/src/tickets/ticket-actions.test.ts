import "fake-indexeddb/auto";
import { beforeEach, describe, expect, it } from "vitest";
import type { ChatflowDb } from "../store/db.ts";
import { buildTicket, testDb } from "../test-support/factories.ts";
import { buildSessionUser } from "../test-support/users.ts";
import {
  acceptTicket,
  deleteTicket,
  ignoreTicket,
  reopenTicket,
  resolveTicket,
  returnTicket,
  transferTicket,
} from "./ticket-actions.ts";

let db: ChatflowDb;
const now = new Date("2025-05-06T07:08:09.000Z");
const me = buildSessionUser({ id: 7 });

beforeEach(() => {
  db = testDb();
});

async function stored(ticket: ReturnType<typeof buildTicket>) {
  await db.tickets.put(ticket);
  return ticket;
}

const outbox = async () => (await db.outbox.toArray()).map((e) => ({ name: e.name, args: e.args }));

describe("#tickets.actions", () => {
  it("accept: the user owns the ticket at once, read, in the chosen queue", async () => {
    const t = await stored(buildTicket({ status: "pending", userId: null, queueId: null, unreadMessages: 4 }));
    await acceptTicket(db, t, me, 3, now);
    expect(await db.tickets.get(t.id)).toMatchObject({
      status: "open",
      userId: 7,
      queueId: 3,
      unreadMessages: 0,
      updatedAt: now.toISOString(),
    });
    expect(await outbox()).toEqual([{ name: "acceptTicket", args: { ticketId: t.id, queueId: 3 } }]);
  });

  it("accept: a WhatsApp group opens as group, and the ticket's queue is kept when none is chosen", async () => {
    const t = await stored(buildTicket({ status: "pending", userId: null, queueId: 2, isGroup: true }));
    await acceptTicket(db, t, me, undefined, now);
    expect(await db.tickets.get(t.id)).toMatchObject({ status: "group", queueId: 2, userId: 7 });
    expect(await outbox()).toEqual([{ name: "acceptTicket", args: { ticketId: t.id } }]);
  });

  it("return: back to pending with no owner", async () => {
    const t = await stored(buildTicket({ status: "open", userId: 7 }));
    await returnTicket(db, t, now);
    expect(await db.tickets.get(t.id)).toMatchObject({ status: "pending", userId: null });
    expect(await outbox()).toEqual([{ name: "returnTicket", args: { ticketId: t.id } }]);
  });

  it("transfer: to a user attends it; with no user it waits; the note is trimmed and the same connection not sent", async () => {
    const t = await stored(buildTicket({ status: "open", userId: 7, queueId: 1, whatsappId: 4 }));
    await transferTicket(db, t, { queueId: 2, userId: 9, whatsappId: 4, msgTransfer: "  cliente VIP " }, now);
    expect(await db.tickets.get(t.id)).toMatchObject({ status: "open", userId: 9, queueId: 2, whatsappId: 4 });

    const u = await stored(buildTicket({ status: "open", userId: 7, queueId: 1, whatsappId: 4 }));
    await transferTicket(db, u, { queueId: 2, userId: null, whatsappId: 5, msgTransfer: " " }, now);
    expect(await db.tickets.get(u.id)).toMatchObject({ status: "pending", userId: null, queueId: 2, whatsappId: 5 });

    expect(await outbox()).toEqual([
      { name: "transferTicket", args: { ticketId: t.id, queueId: 2, userId: 9, msgTransfer: "cliente VIP" } },
      { name: "transferTicket", args: { ticketId: u.id, queueId: 2, userId: null, whatsappId: 5 } },
    ]);
  });

  it("resolve: closed with or without farewell; waiting for the rating (nps) when userRating is on", async () => {
    const t = await stored(buildTicket({ status: "open", userId: 7 }));
    await resolveTicket(db, t, me, true, now);
    expect((await db.tickets.get(t.id))?.status).toBe("closed");

    const rating = buildSessionUser({
      id: 7,
      company: { id: 2, name: "Loja", dueDate: null, companieSettings: { userRating: "enabled" } },
    });
    const u = await stored(buildTicket({ status: "open", userId: 7 }));
    await resolveTicket(db, u, rating, false, now);
    expect((await db.tickets.get(u.id))?.status).toBe("nps");
    // A pending ticket nobody attended closes even with the rating on.
    const p = await stored(buildTicket({ status: "pending", userId: null }));
    await resolveTicket(db, p, rating, false, now);
    expect((await db.tickets.get(p.id))?.status).toBe("closed");

    expect((await outbox()).map((e) => e.args)).toEqual([
      { ticketId: t.id, sendFarewellMessage: true },
      { ticketId: u.id, sendFarewellMessage: false },
      { ticketId: p.id, sendFarewellMessage: false },
    ]);
  });

  it("ignore: closed at once", async () => {
    const t = await stored(buildTicket({ status: "pending", userId: null }));
    await ignoreTicket(db, t, now);
    expect((await db.tickets.get(t.id))?.status).toBe("closed");
    expect(await outbox()).toEqual([{ name: "ignoreTicket", args: { ticketId: t.id } }]);
  });

  it("reopen: the user attends the closed ticket again, in the chosen queue when it had none", async () => {
    const t = await stored(buildTicket({ status: "closed", userId: 3, queueId: null }));
    await reopenTicket(db, t, me, 5, now);
    expect(await db.tickets.get(t.id)).toMatchObject({ status: "open", userId: 7, queueId: 5 });
    expect(await outbox()).toEqual([{ name: "reopenTicket", args: { ticketId: t.id, queueId: 5 } }]);
  });

  it("delete: the ticket leaves the replica at once", async () => {
    const t = await stored(buildTicket({ status: "open", userId: 7 }));
    await deleteTicket(db, t, now);
    expect(await db.tickets.get(t.id)).toBeUndefined();
    expect(await outbox()).toEqual([{ name: "deleteTicket", args: { ticketId: t.id } }]);
  });
});
