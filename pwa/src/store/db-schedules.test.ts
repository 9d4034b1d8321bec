import "fake-indexeddb/auto";
import { Dexie } from "dexie";
import { describe, expect, it } from "vitest";
import { applyPull } from "../sync/pull.ts";
import { buildPullPage } from "../test-support/factories.ts";
import { openDb } from "./db.ts";
import { getMeta } from "./meta.ts";

describe("#replica version 9 (schedules)", () => {
  it("drops the cursor of a replica made before it, so the next pull brings every schedule", async () => {
    const name = `before-schedules-${Math.random()}`;
    // A replica as version 6 left it, with a cursor.
    const old = new Dexie(name);
    old.version(6).stores({ meta: "key", tickets: "id", tags: "id" });
    await old.open();
    await old.table("meta").put({ key: "cursor", value: "42v1" });
    old.close();
    const db = openDb(name);
    expect(await getMeta(db, "cursor")).toBeUndefined();
    db.close();
  });

  it("applies schedules the pull puts and removes", async () => {
    const db = openDb(`schedules-pull-${Math.random()}`);
    const row = { id: 7, sendAt: "2030-01-02T15:00:00.000Z", contactId: 3, body: "Lembrete" };
    await applyPull(db, buildPullPage({ cursor: "2", put: { schedules: [row as never] } }));
    expect(await db.schedules.where("sendAt").between("2030-01-02", "2030-01-03").toArray()).toEqual([row]);
    await applyPull(db, buildPullPage({ cursor: "3", del: { schedules: [7] } }));
    expect(await db.schedules.count()).toBe(0);
    db.close();
  });
});
