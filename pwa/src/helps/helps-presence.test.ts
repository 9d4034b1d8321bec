// @vitest-environment jsdom
// spec 1 §2: the helps item shows only while help records exist. The answer follows the kept list (fetched, or
// saved by the super user's Helps tab) and is remembered for the next start.
import "fake-indexeddb/auto";
import { afterEach, describe, expect, it } from "vitest";
import type { ApiClient } from "../api/http.ts";
import { writeCache } from "../store/cache.ts";
import { openDb } from "../store/db.ts";
import { HELPS_CACHE_KEY, hasHelps, setHasHelps } from "./helps-presence.ts";
import { keepHelpsPresence } from "./keep-helps-presence.ts";

const stops: (() => void)[] = [];
afterEach(() => {
  for (const s of stops.splice(0)) s();
  setHasHelps(false);
});

const until = async (check: () => boolean) => {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
  return check();
};

describe("#helps presence", () => {
  it("turns on when the fetched list has a record, off when it is empty, and remembers it", async () => {
    const db = openDb(`helps-${Math.random()}`);
    let answer: unknown[] = [{ id: 1, title: "Como transferir", description: "", video: "abc" }];
    const paths: string[] = [];
    const api = {
      get: async (path: string) => {
        paths.push(path);
        return answer;
      },
    } as unknown as ApiClient;
    stops.push(keepHelpsPresence(db, api, () => true));
    expect(await until(() => hasHelps())).toBe(true);
    expect(paths).toEqual(["/helps/list"]);
    expect(localStorage.getItem("chatflow.hasHelps")).toBe("1");
    // The super user deletes the last one (the Helps tab keeps the new list under the same key).
    answer = [];
    await writeCache(db, HELPS_CACHE_KEY, answer);
    expect(await until(() => !hasHelps())).toBe(true);
    expect(localStorage.getItem("chatflow.hasHelps")).toBe("0");
  });

  it("keeps what it knew while offline (nothing fetched, nothing kept)", async () => {
    setHasHelps(true);
    const db = openDb(`helps-${Math.random()}`);
    const api = {
      get: async () => {
        throw new Error("must not fetch offline");
      },
    } as unknown as ApiClient;
    stops.push(keepHelpsPresence(db, api, () => false));
    await new Promise((r) => setTimeout(r, 50));
    expect(hasHelps()).toBe(true);
  });
});
