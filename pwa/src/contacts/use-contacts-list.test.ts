// The contacts screen's live read of the replica: it follows every store it reads (contacts, the outbox's
// waiting contacts, connections), which holds only while the read stays in the live query's zone.
import "fake-indexeddb/auto";
import { liveQuery } from "dexie";
import { describe, expect, it } from "vitest";
import { buildContact, testDb } from "../test-support/factories.ts";
import { localContacts } from "./use-contacts-list.ts";

describe("#contacts.localContacts live", () => {
  it("follows new contacts, contacts waiting in the outbox and connections", async () => {
    const db = testDb();
    const seen: [number, number, number][] = [];
    const settled = (n: number) =>
      new Promise<void>((resolve) => {
        const check = () => (seen.length >= n ? resolve() : setTimeout(check, 10));
        check();
      });
    const sub = liveQuery(() => localContacts(db)).subscribe((v) =>
      seen.push([v.replica.length, v.pending.length, v.whatsapps.length]),
    );
    await settled(1);
    await db.whatsapps.put({
      id: 5,
      name: "Loja",
      channel: "whatsapp",
      status: "CONNECTED",
      isDefault: true,
      groupAsTicket: "disabled",
      companyId: 1,
    });
    await settled(2);
    await db.outbox.add({ name: "createContact", args: { name: "Novo", number: "5511999990000" }, queuedAt: "x" });
    await settled(3);
    await db.contacts.put(buildContact({ id: 9 }));
    await settled(4);
    sub.unsubscribe();
    expect(seen).toEqual([
      [0, 0, 0],
      [0, 0, 1],
      [0, 1, 1],
      [1, 1, 1],
    ]);
  });
});
