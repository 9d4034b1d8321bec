// Two tabs of one install, as two sync set-ups in this process: Node has the Web
// Locks API and BroadcastChannel, and fake-indexeddb shares one database between
// the two Dexie handles, as a browser does between tabs.
import "fake-indexeddb/auto";
import type { ServerFrame } from "@chatflow/core/contract/sync.ts";
import { HttpResponse, http } from "msw";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type ChatflowDb, openDb } from "../store/db.ts";
import { buildPullPage, buildTicket, testDb } from "../test-support/factories.ts";
import { BASE_URL, createFakeCore, type FakeCore, testApi } from "../test-support/fake-core.ts";
import { mockNetworkForFile } from "../test-support/mock-network.ts";
import { sendMessage } from "../tickets/send-message.ts";
import { leadWhenPossible } from "./leader.ts";
import { createSyncEngine } from "./sync-engine.ts";
import { startTabSync, type TabSync } from "./tab-sync.ts";

const server = mockNetworkForFile();

let core: FakeCore;
/** Which tab (by its token) sent each sync request. */
let requests: { tab: string; path: string }[];
let names: { lockName: string; channelName: string };
let dbName: string;
const ticket = buildTicket({ id: 3 });

type Tab = {
  name: string;
  db: ChatflowDb;
  sync: TabSync;
  frames: ServerFrame[];
  sockets: { open: boolean; deliver: (frame: ServerFrame) => void }[];
};
const tabs: Tab[] = [];

function openTab(name: string): Tab {
  const db = openDb(dbName);
  const tab: Tab = { name, db, frames: [], sockets: [], sync: undefined as unknown as TabSync };
  const engine = createSyncEngine({ db, api: testApi(name), isOnline: () => true });
  tab.sync = startTabSync({
    ...names,
    engine,
    connect: (deliver) => {
      const socket = { open: true, deliver };
      tab.sockets.push(socket);
      return {
        close: () => {
          socket.open = false;
        },
      };
    },
    onFrame: (frame) => tab.frames.push(frame),
  });
  tabs.push(tab);
  return tab;
}

beforeEach(async () => {
  const unique = Math.random().toString(36).slice(2);
  names = { lockName: `leader-${unique}`, channelName: `sync-${unique}` };
  const seed = testDb();
  dbName = seed.name;
  await seed.tickets.put(ticket);
  seed.close();
  const fake = createFakeCore();
  core = fake.core;
  requests = [];
  server.use(
    ...fake.handlers,
    http.get(`${BASE_URL}/sync/pull`, () => HttpResponse.json(buildPullPage({ cursor: "1" }))),
  );
  server.events.removeAllListeners();
  server.events.on("request:start", ({ request }) => {
    const path = new URL(request.url).pathname;
    requests.push({ tab: request.headers.get("authorization")?.replace("Bearer ", "") ?? "", path });
  });
});

afterEach(async () => {
  // Every tab stops before any database closes: a tab taking the lead meanwhile must find its database open.
  const closing = tabs.splice(0);
  for (const tab of closing) tab.sync.stop();
  await new Promise((r) => setTimeout(r, 50));
  for (const tab of closing) tab.db.close();
});

const pushesBy = (tab: string) => requests.filter((r) => r.tab === tab && r.path === "/sync/push").length;

describe("#sync.tabs", () => {
  it("lets one tab lead: a reply written in another tab is pushed once, by the leader, and seen by both", async () => {
    const a = openTab("tab-a");
    await expect.poll(() => a.sync.isLeader()).toBe(true);
    const b = openTab("tab-b");
    // B waits for the lock while A holds it: no socket, no sync of its own.
    await new Promise((r) => setTimeout(r, 50));
    expect(b.sync.isLeader()).toBe(false);
    expect(b.sockets).toHaveLength(0);
    expect(a.sockets).toHaveLength(1);

    const reply = await sendMessage(b.db, { ticket, body: "escrita na aba B", userId: 1 });
    b.sync.requestSync();

    await expect.poll(() => core.messages.size).toBe(1);
    await expect.poll(() => a.db.outbox.count()).toBe(0);
    expect([...core.messages.values()].map((m) => m.body)).toEqual(["escrita na aba B"]);
    expect(pushesBy("tab-a")).toBeGreaterThan(0);
    expect(requests.filter((r) => r.tab === "tab-b")).toEqual([]);
    // The leader's handle reads what the other tab wrote.
    expect((await a.db.messages.get(reply?.id ?? ""))?.body).toBe("escrita na aba B");

    // Further requests from either tab push nothing again.
    b.sync.requestSync();
    a.sync.requestSync();
    await new Promise((r) => setTimeout(r, 100));
    expect(core.pushes.flatMap((p) => p.mutations)).toHaveLength(1);
  });

  it("hands the lead to the next tab when the leader closes; it pushes what waits at once", async () => {
    const a = openTab("tab-a");
    await expect.poll(() => a.sync.isLeader()).toBe(true);
    const b = openTab("tab-b");
    core.failNextPush = true;
    await sendMessage(b.db, { ticket, body: "ficou na fila", userId: 1 });
    b.sync.requestSync();
    await expect.poll(() => core.pushes.length).toBe(1);
    expect(core.messages.size).toBe(0);

    a.sync.stop();
    expect(a.sockets[0]?.open).toBe(false);
    await expect.poll(() => b.sync.isLeader()).toBe(true);
    expect(b.sockets).toHaveLength(1);
    await expect.poll(() => core.messages.size).toBe(1);
    expect(pushesBy("tab-b")).toBe(1);
    expect(await b.db.outbox.count()).toBe(0);
  });

  it("relays the server's frames from the leader's socket to every tab", async () => {
    const a = openTab("tab-a");
    await expect.poll(() => a.sync.isLeader()).toBe(true);
    const b = openTab("tab-b");
    const c = openTab("tab-c");
    await new Promise((r) => setTimeout(r, 20));

    a.sockets[0]?.deliver({ type: "logout", reason: "LOGGED_OUT" });

    await expect.poll(() => [b.frames.length, c.frames.length]).toEqual([1, 1]);
    expect(a.frames).toEqual([{ type: "logout", reason: "LOGGED_OUT" }]);
    expect(b.frames).toEqual(a.frames);
  });
});

describe("#sync.tabs sign-out", () => {
  it("tells every other tab, leader included, when one tab signs out", async () => {
    const a = openTab("tab-a");
    await expect.poll(() => a.sync.isLeader()).toBe(true);
    const b = openTab("tab-b");
    const c = openTab("tab-c");
    await new Promise((r) => setTimeout(r, 20));

    b.sync.broadcast({ type: "logout", reason: "LOGGED_OUT" });

    await expect.poll(() => [a.frames.length, c.frames.length]).toEqual([1, 1]);
    expect(a.frames).toEqual([{ type: "logout", reason: "LOGGED_OUT" }]);
    expect(b.frames).toEqual([]);
  });
});

describe("leadWhenPossible", () => {
  it("runs one leader at a time, the next one after the first stops, and none after stop", async () => {
    const lock = `lock-${Math.random()}`;
    const log: string[] = [];
    const first = leadWhenPossible(lock, () => {
      log.push("first leads");
      return () => log.push("first stops");
    });
    await expect.poll(() => first.isLeader()).toBe(true);
    const second = leadWhenPossible(lock, () => {
      log.push("second leads");
      return () => log.push("second stops");
    });
    const third = leadWhenPossible(lock, () => {
      log.push("third leads");
      return () => log.push("third stops");
    });
    await new Promise((r) => setTimeout(r, 20));
    // The third tab closes while still waiting: it must never lead.
    third.stop();
    first.stop();
    await expect.poll(() => second.isLeader()).toBe(true);
    second.stop();
    await new Promise((r) => setTimeout(r, 20));
    expect(log).toEqual(["first leads", "first stops", "second leads", "second stops"]);
    expect(third.isLeader()).toBe(false);
  });

  it("leads at once where the browser has no Web Locks", () => {
    const log: string[] = [];
    const leadership = leadWhenPossible(
      "x",
      () => {
        log.push("leads");
        return () => log.push("stops");
      },
      null,
    );
    expect(leadership.isLeader()).toBe(true);
    leadership.stop();
    expect(log).toEqual(["leads", "stops"]);
    expect(leadership.isLeader()).toBe(false);
  });
});
