// Several sync servers on one database (issue 11): each store merges into what is
// stored, so no instance's save drops another's edit; with Redis they also share
// the open documents live; a restart in the middle of editing loses nothing.
import { randomUUID } from "node:crypto";
import {
  addQuickMessage,
  listQuickMessages,
  quickMessagesDocumentName,
} from "@chatflow/core/contract/documents/quick-messages.ts";
import { buildCompany } from "@chatflow/core/testing/factories.ts";
import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import {
  companyAdminForFile,
  newFlowDocument,
  signedInUser,
  syncForFile,
  waitFor,
  within,
} from "../testing/sync-fixtures.ts";

const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

const sync = syncForFile();
const w = companyAdminForFile(sync);

async function storedDoc(name: string): Promise<Y.Doc | null> {
  const { rows } = await sync.db.pool.query<{ state: Buffer }>("SELECT state FROM documents WHERE name = $1", [name]);
  if (!rows[0]) return null;
  const doc = new Y.Doc();
  Y.applyUpdate(doc, new Uint8Array(rows[0].state));
  return doc;
}

async function storedKeys(name: string, map = "nodes"): Promise<string[]> {
  const doc = await storedDoc(name);
  return doc ? [...doc.getMap(map).keys()].sort() : [];
}

async function projectedIds(companyId: number): Promise<string[]> {
  const { rows } = await sync.db.pool.query<{ item_id: string }>(
    "SELECT item_id FROM quick_messages WHERE company_id = $1 ORDER BY item_id",
    [companyId],
  );
  return rows.map((r) => r.item_id);
}

describe("#sync.multi-instance without Redis", { timeout: 20_000 }, () => {
  it("keeps an edit made through each of two servers (stores merge, never overwrite)", async () => {
    const one = await sync.startServer();
    const two = await sync.startServer();
    const name = await newFlowDocument(sync.db.pool, w.companyId);
    const a = sync.open(name, w.admin.token, one);
    const b = sync.open(name, w.admin.token, two);
    // Both servers load the (empty) document before either stores: each holds its own copy.
    await waitFor(() => a.provider.isSynced && b.provider.isSynced, "both first syncs");
    a.doc.getMap("nodes").set("from-one", { x: 1 });
    await waitFor(async () => (await storedKeys(name)).includes("from-one"), "server one's store");
    b.doc.getMap("nodes").set("from-two", { x: 2 });
    await waitFor(async () => (await storedKeys(name)).includes("from-two"), "server two's store");
    expect(await storedKeys(name)).toEqual(["from-one", "from-two"]);
    // Server two found server one's edit in the database and handed it to its editor.
    await waitFor(() => b.doc.getMap("nodes").has("from-one"), "server one's edit reaching server two's client");
  });

  it("keeps a quick message added through each server, in the document and in the rows", async () => {
    const one = await sync.startServer();
    const two = await sync.startServer();
    const company = (await buildCompany(sync.db.pool)).id;
    const boss = await signedInUser(sync.db.pool, { companyId: company, profile: "admin" });
    const name = quickMessagesDocumentName(company);
    const a = sync.open(name, boss.token, one);
    const b = sync.open(name, boss.token, two);
    await waitFor(() => a.provider.isSynced && b.provider.isSynced, "both first syncs");
    addQuickMessage(a.doc, { id: "via-one", shortcode: "um", message: "pelo servidor um" });
    await waitFor(async () => (await projectedIds(company)).includes("via-one"), "server one's row");
    addQuickMessage(b.doc, { id: "via-two", shortcode: "dois", message: "pelo servidor dois" });
    await waitFor(async () => (await projectedIds(company)).includes("via-two"), "server two's row");
    expect(await projectedIds(company)).toEqual(["via-one", "via-two"]);
    const stored = await storedDoc(name);
    expect(
      listQuickMessages(stored!)
        .map((i) => i.id)
        .sort(),
    ).toEqual(["via-one", "via-two"]);
  });

  it("keeps a deletion made through one server when the other stores its older copy", async () => {
    const one = await sync.startServer();
    const name = await newFlowDocument(sync.db.pool, w.companyId);
    const seed = sync.open(name, w.admin.token, one);
    await within(seed.authenticated, "authentication");
    seed.doc.getMap("nodes").set("doomed", 1);
    seed.doc.getMap("nodes").set("kept", 1);
    await waitFor(async () => (await storedKeys(name)).length === 2, "the seed stored");
    const two = await sync.startServer();
    const b = sync.open(name, w.admin.token, two);
    await waitFor(() => b.doc.getMap("nodes").has("doomed"), "server two loading the seed");
    seed.doc.getMap("nodes").delete("doomed");
    await waitFor(async () => !(await storedKeys(name)).includes("doomed"), "the deletion stored");
    b.doc.getMap("nodes").set("late", 1);
    await waitFor(async () => (await storedKeys(name)).includes("late"), "server two's store");
    expect(await storedKeys(name)).toEqual(["kept", "late"]);
  });
});

describe("#sync.multi-instance with Redis", { timeout: 20_000 }, () => {
  it("shares an open document between two servers live, and stores both edits", async () => {
    // One prefix per run: parallel test runs on the machine's Redis never hear each other.
    const redis = { redisUrl: REDIS_URL, redisPrefix: `chatflow-test-${randomUUID()}` };
    // Long debounce: what reaches the other client before any store came through Redis.
    const slow = { storeDebounceMs: 30_000, storeMaxDebounceMs: 60_000 };
    const one = await sync.startServer({ ...redis, ...slow });
    const two = await sync.startServer({ ...redis, ...slow });
    const name = await newFlowDocument(sync.db.pool, w.companyId);
    const a = sync.open(name, w.admin.token, one);
    const b = sync.open(name, w.admin.token, two);
    await waitFor(() => a.provider.isSynced && b.provider.isSynced, "both first syncs");
    a.doc.getMap("nodes").set("from-one", 1);
    b.doc.getMap("nodes").set("from-two", 2);
    await waitFor(() => b.doc.getMap("nodes").has("from-one"), "server one's edit at server two's client");
    await waitFor(() => a.doc.getMap("nodes").has("from-two"), "server two's edit at server one's client");
    expect(await storedDoc(name)).toBeNull();
    // Awareness crosses too: the other editor's presence arrives through Redis.
    a.provider.setAwarenessField("user", { name: "Ana" });
    await waitFor(
      () => [...b.provider.awareness!.getStates().values()].some((s) => s.user?.name === "Ana"),
      "Ana's presence at server two",
    );
    await one.stop();
    await two.stop();
    expect(await storedKeys(name)).toEqual(["from-one", "from-two"]);
  });
});

describe("#sync.multi-instance restart", { timeout: 20_000 }, () => {
  it("loses no edit when the server restarts in the middle of editing", async () => {
    const first = await sync.startServer();
    const name = await newFlowDocument(sync.db.pool, w.companyId);
    const client = sync.open(name, w.admin.token, first);
    await waitFor(() => client.provider.isSynced, "the first sync");
    const nodes = client.doc.getMap("nodes");
    for (let i = 0; i < 5; i++) nodes.set(`before-${i}`, i);
    // Stop without waiting for the edits to be acknowledged, and keep editing while it is down.
    const stopping = first.stop();
    for (let i = 0; i < 5; i++) nodes.set(`during-${i}`, i);
    await stopping;
    for (let i = 0; i < 5; i++) nodes.set(`after-${i}`, i);
    // The same port: the provider reconnects by itself and sends what the server lacks.
    const again = await sync.startServer({ port: first.port });
    await waitFor(async () => (await storedKeys(name)).length === 15, "every edit stored", 15_000);
    expect(await storedKeys(name)).toEqual([...nodes.keys()].sort());
    expect(again.port).toBe(first.port);
  });
});
