import {
  addQuickMessage,
  listQuickMessages,
  type QuickMessage,
  quickMessagesDocumentName,
  removeQuickMessage,
  updateQuickMessage,
} from "@chatflow/core/contract/documents/quick-messages.ts";
import { OLD_LIST_TO_GENERAL } from "@chatflow/core/db/migrations/0020-quick-message-lists.ts";
import { buildCompany } from "@chatflow/core/testing/factories.ts";
import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import type { SyncServer } from "../server.ts";
import {
  companyAdminForFile,
  newFlowDocument,
  signedInUser,
  syncForFile,
  waitFor,
  within,
} from "../testing/sync-fixtures.ts";

const sync = syncForFile();
const w = companyAdminForFile(sync);
const open = (server: SyncServer, name: string, token: string) => sync.open(name, token, server);

type Row = { item_id: string; shortcode: string; message: string; media_path: string | null; user_id: number | null };

async function projectedRows(company: number): Promise<Row[]> {
  const { rows } = await sync.db.pool.query<Row>(
    `SELECT item_id, shortcode, message, media_path, user_id FROM quick_messages WHERE company_id = $1
     ORDER BY shortcode, item_id`,
    [company],
  );
  return rows;
}

const asRows = (items: QuickMessage[]): Row[] =>
  items.map((i) => ({
    item_id: i.id,
    shortcode: i.shortcode,
    message: i.message,
    media_path: i.mediaPath ?? null,
    user_id: i.userId ?? null,
  }));

async function storedState(name: string): Promise<{ company_id: number; kind: string; state: Buffer } | undefined> {
  const { rows } = await sync.db.pool.query("SELECT company_id, kind, state FROM documents WHERE name = $1", [name]);
  return rows[0];
}

describe("#sync.persistence", () => {
  it("reloads a stored document from PostgreSQL after a restart", async () => {
    const name = await newFlowDocument(sync.db.pool, w.companyId);
    const first = await sync.startServer();
    const before = open(first, name, w.admin.token);
    await within(before.authenticated, "authentication");
    before.doc.getMap("nodes").set("start", { x: 10, y: 20 });
    await waitFor(async () => (await storedState(name))?.kind === "flow", "the document row");
    const row = await storedState(name);
    expect(row?.company_id).toBe(w.companyId);
    before.destroy();

    await first.stop();
    const restarted = await sync.startServer();
    const after = open(restarted, name, w.admin.token);
    await waitFor(() => after.provider.isSynced, "the first sync with the new server");
    expect(after.doc.getMap("nodes").get("start")).toEqual({ x: 10, y: 20 });
  });

  it("writes back no drawing of a deleted flow (an editor offline when it was deleted reconnects with it)", async () => {
    const name = await newFlowDocument(sync.db.pool, w.companyId);
    const flowId = Number(name.split("/").pop());
    const server = await sync.startServer();
    const client = open(server, name, w.admin.token);
    await within(client.authenticated, "authentication");
    client.doc.getMap("nodes").set("first", 1);
    await waitFor(async () => (await storedState(name)) !== undefined, "the drawing stored");
    // 'Excluir' removes the flow and its drawing; the editor's copy still has it and keeps editing.
    await sync.db.pool.query("DELETE FROM flows WHERE id = $1", [flowId]);
    await sync.db.pool.query("DELETE FROM documents WHERE name = $1", [name]);
    client.doc.getMap("nodes").set("after-delete", 2);
    await waitFor(() => !client.provider.hasUnsyncedChanges, "the server to apply the edit");
    await server.stop();
    expect(await storedState(name)).toBeUndefined();
    // A name that cannot be a flow's is never stored either.
    const odd = `company/${w.companyId}/flow/not-a-flow`;
    const other = await sync.startServer();
    const c2 = open(other, odd, w.admin.token);
    await within(c2.authenticated, "authentication");
    c2.doc.getMap("nodes").set("x", 1);
    await waitFor(() => !c2.provider.hasUnsyncedChanges, "the server to apply the edit");
    await other.stop();
    expect(await storedState(odd)).toBeUndefined();
  });

  it("stores pending edits when the server stops", async () => {
    // A long debounce: only the stop can have written this edit.
    const slow = await sync.startServer({ storeDebounceMs: 60_000, storeMaxDebounceMs: 120_000 });
    const name = await newFlowDocument(sync.db.pool, w.companyId);
    const client = open(slow, name, w.admin.token);
    await within(client.authenticated, "authentication");
    client.doc.getMap("nodes").set("end", 1);
    await waitFor(() => !client.provider.hasUnsyncedChanges, "the server to apply the edit");
    expect(await storedState(name)).toBeUndefined();
    await slow.stop();
    const row = await storedState(name);
    const doc = new Y.Doc();
    Y.applyUpdate(doc, new Uint8Array(row!.state));
    expect(doc.getMap("nodes").get("end")).toBe(1);
  });
});

describe("#sync.quick-messages projection", () => {
  it("keeps the quick_messages rows equal to the document through adds, edits and removals", async () => {
    const server = sync.server;
    const other = (await buildCompany(sync.db.pool)).id;
    const otherAdmin = await signedInUser(sync.db.pool, { companyId: other, profile: "admin" });
    const name = quickMessagesDocumentName(w.companyId);
    const a = open(server, name, w.admin.token);
    const b = open(server, quickMessagesDocumentName(other), otherAdmin.token);
    await within(a.authenticated, "authentication");
    await within(b.authenticated, "authentication");
    addQuickMessage(b.doc, { id: "theirs", shortcode: "theirs", message: "other company" });

    addQuickMessage(a.doc, { id: "q1", shortcode: "hello", message: "Olá!", userId: w.admin.userId });
    addQuickMessage(a.doc, { id: "q2", shortcode: "bye", message: "Tchau", mediaPath: "media/bye.png" });
    addQuickMessage(a.doc, { id: "q3", shortcode: "pix", message: "Chave PIX" });
    await waitFor(async () => (await projectedRows(w.companyId)).length === 3, "three rows");
    expect(await projectedRows(w.companyId)).toEqual(asRows(listQuickMessages(a.doc)));

    updateQuickMessage(a.doc, "q1", { message: "Olá, tudo bem?" });
    updateQuickMessage(a.doc, "q2", { mediaPath: null });
    removeQuickMessage(a.doc, "q3");
    await waitFor(async () => (await projectedRows(w.companyId)).length === 2, "the removal");
    await waitFor(
      async () => (await projectedRows(w.companyId)).find((r) => r.item_id === "q1")?.message === "Olá, tudo bem?",
      "the edit",
    );
    const rows = await projectedRows(w.companyId);
    expect(rows).toEqual(asRows(listQuickMessages(a.doc)));
    expect(rows.find((r) => r.item_id === "q2")?.media_path).toBeNull();

    // The other company's list is its own: untouched by company A's removals.
    await waitFor(async () => (await projectedRows(other)).length === 1, "the other company's row");
    expect((await projectedRows(other))[0]?.item_id).toBe("theirs");

    removeQuickMessage(a.doc, "q1");
    removeQuickMessage(a.doc, "q2");
    await waitFor(async () => (await projectedRows(w.companyId)).length === 0, "the list emptied");
    expect(await projectedRows(other)).toHaveLength(1);
  });
});

// Each test signs users in over HTTP: slow on a loaded machine.
describe("#sync.quick-messages personal lists", { timeout: 15_000 }, () => {
  type ListRow = { item_id: string; document: string; geral: boolean; user_id: number | null; message: string };
  const rowsOf = async (company: number) =>
    (
      await sync.db.pool.query<ListRow>(
        `SELECT item_id, document, geral, user_id, message FROM quick_messages WHERE company_id = $1
         ORDER BY document, item_id`,
        [company],
      )
    ).rows;

  it("projects a personal list as its owner's whatever its items say, beside the general rows", async () => {
    const company = (await buildCompany(sync.db.pool)).id;
    const owner = await signedInUser(sync.db.pool, { companyId: company, profile: "user" });
    const boss = await signedInUser(sync.db.pool, { companyId: company, profile: "admin" });
    const general = open(sync.server, quickMessagesDocumentName(company), boss.token);
    await within(general.authenticated, "general authentication");
    addQuickMessage(general.doc, { id: "shared-id", shortcode: "oi", message: "general", userId: boss.userId });
    await waitFor(async () => (await rowsOf(company)).length === 1, "the general row");

    const personal = open(
      sync.server,
      quickMessagesDocumentName(company, { general: false, userId: owner.userId }),
      owner.token,
    );
    await within(personal.authenticated, "personal authentication");
    // Reuses the general item's id and names someone else as its author: neither may leak into the rows.
    addQuickMessage(personal.doc, { id: "shared-id", shortcode: "oi", message: "mine", userId: boss.userId });
    addQuickMessage(personal.doc, { id: "p2", shortcode: "pix", message: "my key" });
    await waitFor(async () => (await rowsOf(company)).length === 3, "the personal rows");
    expect(await rowsOf(company)).toEqual([
      { item_id: "shared-id", document: "general", geral: true, user_id: boss.userId, message: "general" },
      { item_id: "p2", document: `user-${owner.userId}`, geral: false, user_id: owner.userId, message: "my key" },
      { item_id: "shared-id", document: `user-${owner.userId}`, geral: false, user_id: owner.userId, message: "mine" },
    ]);

    // Emptying the personal list removes its rows only.
    removeQuickMessage(personal.doc, "shared-id");
    removeQuickMessage(personal.doc, "p2");
    await waitFor(async () => (await rowsOf(company)).length === 1, "the personal rows removed");
    expect((await rowsOf(company))[0]).toMatchObject({ document: "general", message: "general" });
  });

  it("turns the old single company list into the general one", async () => {
    const company = (await buildCompany(sync.db.pool)).id;
    const boss = await signedInUser(sync.db.pool, { companyId: company, profile: "admin" });
    const old = new Y.Doc();
    addQuickMessage(old, { id: "legacy", shortcode: "antigo", message: "from the old list", userId: boss.userId });
    await sync.db.pool.query(
      "INSERT INTO documents (name, company_id, kind, state) VALUES ($1, $2, 'quick-messages', $3)",
      [`company/${company}/quick-messages/main`, company, Buffer.from(Y.encodeStateAsUpdate(old))],
    );
    await sync.db.pool.query(OLD_LIST_TO_GENERAL);

    const general = open(sync.server, quickMessagesDocumentName(company), boss.token);
    await waitFor(() => listQuickMessages(general.doc).some((i) => i.id === "legacy"), "the old item in general");
    expect(await storedState(`company/${company}/quick-messages/main`)).toBeUndefined();
  });
});
