import "fake-indexeddb/auto";
import { describe, expect, it } from "vitest";
import { buildContact, buildTicket, testDb } from "../test-support/factories.ts";
import { loadWaitingRows } from "./notifications-waiting.ts";

describe("#loadWaitingRows", () => {
  it("reads the conversations waiting for an agent, with their contacts, and nothing else", async () => {
    const db = testDb();
    await db.contacts.bulkPut([buildContact({ id: 1, name: "Maria" }), buildContact({ id: 2, name: "João" })]);
    await db.tickets.bulkPut([
      buildTicket({ id: 1, status: "pending", userId: null, contactId: 1, updatedAt: "2025-01-01T10:00:00Z" }),
      buildTicket({ id: 2, status: "pending", userId: null, contactId: 2, updatedAt: "2025-01-02T10:00:00Z" }),
      buildTicket({ id: 3, status: "open", userId: 7, contactId: 1 }),
      buildTicket({ id: 4, status: "closed", userId: null, contactId: 2 }),
      buildTicket({ id: 5, status: "group", userId: null, contactId: 2 }),
    ]);
    const rows = await loadWaitingRows(db);
    expect(rows.map((r) => [r.ticket.id, r.contact?.name])).toEqual([
      [1, "Maria"],
      [2, "João"],
    ]);
  });
});
