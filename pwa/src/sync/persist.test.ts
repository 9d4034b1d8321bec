import "fake-indexeddb/auto";
import { describe, expect, it } from "vitest";
import { testDb } from "../test-support/factories.ts";
import { requestPersistentStorage } from "./persist.ts";

function fakeStorage(o: { persisted: boolean; grant: boolean }) {
  const calls = { persist: 0 };
  return {
    calls,
    storage: {
      persisted: async () => o.persisted,
      persist: async () => {
        calls.persist++;
        o.persisted = o.grant;
        return o.grant;
      },
    },
  };
}

describe("#sync.requestPersistentStorage", () => {
  it("asks once per install: a refusal is not asked again", async () => {
    const db = testDb();
    const { storage, calls } = fakeStorage({ persisted: false, grant: false });
    expect(await requestPersistentStorage(db, storage)).toBe(false);
    expect(await requestPersistentStorage(db, storage)).toBe(false);
    expect(calls.persist).toBe(1);
  });

  it("answers true once granted, without asking again", async () => {
    const db = testDb();
    const { storage, calls } = fakeStorage({ persisted: false, grant: true });
    expect(await requestPersistentStorage(db, storage)).toBe(true);
    expect(await requestPersistentStorage(db, storage)).toBe(true);
    expect(calls.persist).toBe(1);
  });

  it("answers null where the browser has no Storage API", async () => {
    expect(await requestPersistentStorage(testDb(), undefined)).toBeNull();
  });
});
