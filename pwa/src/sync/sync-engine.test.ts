import "fake-indexeddb/auto";
import { HttpResponse, http } from "msw";
import { beforeEach, describe, expect, it } from "vitest";
import type { ChatflowDb } from "../store/db.ts";
import { buildPullPage, buildTicket, testDb } from "../test-support/factories.ts";
import { BASE_URL, createFakeCore, type FakeCore, testApi } from "../test-support/fake-core.ts";
import { mockNetworkForFile } from "../test-support/mock-network.ts";
import { sendMessage } from "../tickets/send-message.ts";
import { createSyncEngine } from "./sync-engine.ts";

const server = mockNetworkForFile();

let db: ChatflowDb;
let core: FakeCore;
let pulls: number;
const ticket = buildTicket({ id: 1 });

beforeEach(async () => {
  db = testDb();
  await db.tickets.put(ticket);
  const fake = createFakeCore();
  core = fake.core;
  pulls = 0;
  server.use(
    ...fake.handlers,
    http.get(`${BASE_URL}/sync/pull`, () => {
      pulls++;
      return HttpResponse.json(buildPullPage({ cursor: String(pulls) }));
    }),
  );
});

describe("#sync.engine", () => {
  it("pushes the outbox and then pulls", async () => {
    await sendMessage(db, { ticket, body: "oi", userId: 1 });
    const engine = createSyncEngine({ db, api: testApi(), isOnline: () => true });

    await engine.sync();

    expect(core.messages.size).toBe(1);
    expect(await db.outbox.count()).toBe(0);
    expect(pulls).toBe(1);
  });

  it("folds requests made during a run into one more run", async () => {
    const engine = createSyncEngine({ db, api: testApi(), isOnline: () => true });

    await Promise.all([engine.sync(), engine.sync(), engine.sync()]);

    expect(pulls).toBe(2);
  });

  it("stays quiet while offline and keeps the outbox", async () => {
    await sendMessage(db, { ticket, body: "offline", userId: 1 });
    let online = false;
    const engine = createSyncEngine({ db, api: testApi(), isOnline: () => online });

    await engine.sync();
    expect(core.pushes).toHaveLength(0);
    expect(await db.outbox.count()).toBe(1);

    online = true;
    await engine.sync();
    expect(core.messages.size).toBe(1);
    expect(await db.outbox.count()).toBe(0);
  });

  it("retries by itself after a failed push", async () => {
    await sendMessage(db, { ticket, body: "depois", userId: 1 });
    core.failNextPush = true;
    const engine = createSyncEngine({ db, api: testApi(), isOnline: () => true, retryDelayMs: 10 });

    await engine.sync();
    expect(await db.outbox.count()).toBe(1);

    await expect.poll(() => db.outbox.count(), { timeout: 2000 }).toBe(0);
    expect(core.messages.size).toBe(1);
    engine.stop();
  });
});
