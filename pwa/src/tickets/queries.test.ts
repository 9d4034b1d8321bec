import "fake-indexeddb/auto";
import { describe, expect, it } from "vitest";
import { buildContact, buildMessage, buildTicket, testDb } from "../test-support/factories.ts";
import { listTickets, messagesOfTicket, ticketByUuid } from "./queries.ts";

describe("#tickets.queries", () => {
  it("lists one status, newest update first, with the contact", async () => {
    const db = testDb();
    await db.contacts.put(buildContact({ id: 1, name: "Ana" }));
    await db.tickets.bulkPut([
      buildTicket({ id: 1, status: "open", updatedAt: "2025-01-01T10:00:00.000Z" }),
      buildTicket({ id: 2, status: "open", updatedAt: "2025-01-03T10:00:00.000Z" }),
      buildTicket({ id: 3, status: "pending", updatedAt: "2025-01-05T10:00:00.000Z" }),
      buildTicket({ id: 4, status: "open", updatedAt: "2025-01-02T10:00:00.000Z", contactId: 99 }),
    ]);

    const rows = await listTickets(db, "open");

    expect(rows.map((r) => r.ticket.id)).toEqual([2, 4, 1]);
    expect(rows.map((r) => r.contact?.name ?? null)).toEqual(["Ana", null, "Ana"]);
    expect((await listTickets(db, "pending")).map((r) => r.ticket.id)).toEqual([3]);
  });

  it("finds a ticket by uuid and orders its messages by time", async () => {
    const db = testDb();
    const ticket = buildTicket({ id: 5 });
    await db.tickets.put(ticket);
    await db.messages.bulkPut([
      buildMessage({ id: "b", ticketId: 5, createdAt: "2025-01-01T10:00:02.000Z" }),
      buildMessage({ id: "a", ticketId: 5, createdAt: "2025-01-01T10:00:01.000Z" }),
      buildMessage({ id: "x", ticketId: 6, createdAt: "2025-01-01T10:00:00.000Z" }),
    ]);

    expect((await ticketByUuid(db, ticket.uuid))?.id).toBe(5);
    expect(await ticketByUuid(db, "nope")).toBeNull();
    expect((await messagesOfTicket(db, 5)).map((m) => m.id)).toEqual(["a", "b"]);
  });
});
