import "fake-indexeddb/auto";
import { describe, expect, it } from "vitest";
import { buildContact, buildTicket, testDb } from "../test-support/factories.ts";
import { loadNotificationRows } from "./notification-query.ts";

describe("#loadNotificationRows", () => {
  it("reads my open and group conversations with unread messages, pending ones when allowed, with their contacts", async () => {
    const db = testDb();
    const me = 7;
    await db.contacts.bulkPut([buildContact({ id: 1, name: "Maria" }), buildContact({ id: 2, name: "João" })]);
    await db.tickets.bulkPut([
      buildTicket({
        id: 1,
        status: "open",
        userId: me,
        unreadMessages: 2,
        contactId: 1,
        updatedAt: "2025-01-01T10:00:00Z",
      }),
      buildTicket({
        id: 2,
        status: "group",
        userId: me,
        unreadMessages: 1,
        contactId: 2,
        updatedAt: "2025-01-03T10:00:00Z",
      }),
      buildTicket({
        id: 3,
        status: "pending",
        userId: null,
        unreadMessages: 1,
        contactId: 2,
        updatedAt: "2025-01-02T10:00:00Z",
      }),
      buildTicket({ id: 4, status: "closed", userId: me, unreadMessages: 5, contactId: 1 }),
      buildTicket({ id: 5, status: "open", userId: 8, unreadMessages: 5, contactId: 1 }),
      buildTicket({ id: 6, status: "open", userId: me, unreadMessages: 0, contactId: 1 }),
      buildTicket({ id: 7, status: "lgpd", userId: me, unreadMessages: 1, contactId: 1 }),
    ]);

    const without = await loadNotificationRows(db, me, false);
    expect(without.map((r) => r.ticket.id)).toEqual([2, 1]);
    expect(without.map((r) => r.contact?.name)).toEqual(["João", "Maria"]);

    const withPending = await loadNotificationRows(db, me, true);
    expect(withPending.map((r) => r.ticket.id)).toEqual([2, 3, 1]);
  });
});
