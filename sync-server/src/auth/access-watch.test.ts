import { createTokens } from "@chatflow/core/auth/tokens.ts";
import { type AccessScope, parseAccessChange } from "@chatflow/core/contract/documents/access-change.ts";
import {
  addQuickMessage,
  listQuickMessages,
  quickMessagesDocumentName,
} from "@chatflow/core/contract/documents/quick-messages.ts";
import { logout } from "@chatflow/core/sessions/session.ts";
import { buildCompany } from "@chatflow/core/testing/factories.ts";
import { forFile } from "@chatflow/core/testing/test-world.ts";
import type { HocuspocusProvider } from "@hocuspocus/provider";
import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import type { SyncServer } from "../server.ts";
import { nextRefusedUpdate, sendRawUpdate } from "../testing/raw-messages.ts";
import { signedInUser, syncForFile, TEST_SECRET, waitFor, within } from "../testing/sync-fixtures.ts";

const sync = syncForFile();
const w = forFile(
  async () => {
    const companyId = (await buildCompany(sync.db.pool)).id;
    return {
      companyId,
      admin: await signedInUser(sync.db.pool, { companyId, profile: "admin" }),
      agent: await signedInUser(sync.db.pool, { companyId, profile: "user" }),
    };
  },
  // Several users made and signed in: slow when the machine is shared.
  { timeout: 30_000 },
);
const open = (name: string, token: string, server: SyncServer = sync.server) => sync.open(name, token, server);

/** The next access change the server announces to this provider. */
const nextAccessChange = (provider: HocuspocusProvider) =>
  new Promise<AccessScope>((resolve) => {
    const onStateless = ({ payload }: { payload: string }) => {
      const scope = parseAccessChange(payload);
      if (!scope) return;
      provider.off("stateless", onStateless);
      resolve(scope);
    };
    provider.on("stateless", onStateless);
  });

/** An update that adds an item on top of what `doc` holds, made apart from any provider. */
function forgedAddition(doc: Y.Doc, id: string): Uint8Array {
  const copy = new Y.Doc();
  Y.applyUpdate(copy, Y.encodeStateAsUpdate(doc));
  const before = Y.encodeStateVector(copy);
  addQuickMessage(copy, { id, shortcode: id, message: "should never land" });
  return Y.encodeStateAsUpdate(copy, before);
}

async function projectedIds(company: number): Promise<string[]> {
  const { rows } = await sync.db.pool.query<{ item_id: string }>(
    "SELECT item_id FROM quick_messages WHERE company_id = $1 ORDER BY item_id",
    [company],
  );
  return rows.map((r) => r.item_id);
}

async function storedIds(name: string): Promise<string[]> {
  const { rows } = await sync.db.pool.query<{ state: Buffer }>("SELECT state FROM documents WHERE name = $1", [name]);
  const doc = new Y.Doc();
  if (rows[0]) Y.applyUpdate(doc, new Uint8Array(rows[0].state));
  return listQuickMessages(doc).map((i) => i.id);
}

/** An admin adds an item and waits until it is projected: every earlier update on the document was handled. */
async function landMarker(company: number, token: string, id: string): Promise<void> {
  const writer = open(quickMessagesDocumentName(company), token);
  await within(writer.authenticated, "the marker writer's authentication");
  addQuickMessage(writer.doc, { id, shortcode: id, message: "" });
  await waitFor(async () => (await projectedIds(company)).includes(id), `the marker ${id} projected`);
}

describe("#sync.rights read-only connections", { timeout: 15_000 }, () => {
  it("never let an update change the stored document or its projection, even one sent anyway", async () => {
    const name = quickMessagesDocumentName(w.companyId);
    const reader = open(name, w.agent.token);
    expect(await within(reader.authenticated, "authentication")).toBe("readonly");
    await waitFor(() => reader.provider.isSynced, "the reader's first sync");

    const refused = nextRefusedUpdate(reader.provider);
    sendRawUpdate(reader.provider, forgedAddition(reader.doc, "forged-by-reader"));
    await within(refused, "the server's refusal of the update");

    await landMarker(w.companyId, w.admin.token, "marker-1");
    expect(await projectedIds(w.companyId)).not.toContain("forged-by-reader");
    await waitFor(async () => (await storedIds(name)).includes("marker-1"), "the stored state with the marker");
    expect(await storedIds(name)).not.toContain("forged-by-reader");
  });
});

// Each test signs users in over HTTP: slow on a loaded machine.
describe("#sync.rights changes to open connections", { timeout: 15_000 }, () => {
  it("demotes an admin's writable connection at once: their next update does not land", async () => {
    const demoted = await signedInUser(sync.db.pool, { companyId: w.companyId, profile: "admin" });
    const name = quickMessagesDocumentName(w.companyId);
    const live = open(name, demoted.token);
    expect(await within(live.authenticated, "authentication")).toBe("read-write");
    await waitFor(() => live.provider.isSynced, "the first sync");

    const change = nextAccessChange(live.provider);
    await sync.db.pool.query("UPDATE users SET profile = 'user' WHERE id = $1", [demoted.userId]);
    expect(await within(change, "the downgrade")).toBe("readonly");

    // Both the provider's own edit and a raw update sent anyway are refused.
    const refused = nextRefusedUpdate(live.provider);
    addQuickMessage(live.doc, { id: "after-demotion", shortcode: "late", message: "" });
    await within(refused, "the server's refusal of the edit");
    const rawRefused = nextRefusedUpdate(live.provider);
    sendRawUpdate(live.provider, forgedAddition(live.doc, "raw-after-demotion"));
    await within(rawRefused, "the server's refusal of the raw update");

    await landMarker(w.companyId, w.admin.token, "marker-2");
    const fresh = open(name, w.admin.token);
    await waitFor(() => listQuickMessages(fresh.doc).some((i) => i.id === "marker-2"), "the fresh client's sync");
    expect(listQuickMessages(fresh.doc).map((i) => i.id)).not.toContain("after-demotion");
    expect(await projectedIds(w.companyId)).not.toContain("after-demotion");
    expect(await projectedIds(w.companyId)).not.toContain("raw-after-demotion");

    // Promoted again, the same connection writes again.
    const promoted = nextAccessChange(live.provider);
    await sync.db.pool.query("UPDATE users SET profile = 'admin' WHERE id = $1", [demoted.userId]);
    expect(await within(promoted, "the upgrade")).toBe("read-write");
    addQuickMessage(live.doc, { id: "promoted-again", shortcode: "again", message: "" });
    await waitFor(
      () => listQuickMessages(fresh.doc).some((i) => i.id === "promoted-again"),
      "the promoted user's edit at another client",
    );
  });

  it("closes the connections of a user who logs out", async () => {
    const user = await signedInUser(sync.db.pool, { companyId: w.companyId, profile: "user" });
    const personal = open(quickMessagesDocumentName(w.companyId, { general: false, userId: user.userId }), user.token);
    const general = open(quickMessagesDocumentName(w.companyId), user.token);
    await within(personal.authenticated, "personal authentication");
    await within(general.authenticated, "general authentication");
    const { rows } = await sync.db.pool.query("SELECT session_id FROM users WHERE id = $1", [user.userId]);
    await logout(
      { pool: sync.db.pool, tokens: createTokens(TEST_SECRET, 900), refreshTtl: 3600 },
      { id: user.userId, companyId: w.companyId },
      rows[0].session_id,
    );
    expect(await within(personal.closed, "the personal list closed")).toBe("ERR_SESSION_EXPIRED");
    expect(await within(general.closed, "the general list closed")).toBe("ERR_SESSION_EXPIRED");
  });

  it("closes a company's connections when its due date is moved into the past", async () => {
    const company = (await buildCompany(sync.db.pool)).id;
    const user = await signedInUser(sync.db.pool, { companyId: company, profile: "admin" });
    const live = open(quickMessagesDocumentName(company), user.token);
    await within(live.authenticated, "authentication");
    await sync.db.pool.query("UPDATE companies SET due_date = '2020-01-31' WHERE id = $1", [company]);
    expect(await within(live.closed, "the connection closed")).toBe("ERR_SUBSCRIPTION_EXPIRED");
  });

  it("closes them when the sweep notices a due date that passed with nothing announced", async () => {
    const server = await sync.startServer({ accessSweepMs: 50 });
    const company = (await buildCompany(sync.db.pool)).id;
    const user = await signedInUser(sync.db.pool, { companyId: company, profile: "admin" });
    const live = open(quickMessagesDocumentName(company), user.token, server);
    await within(live.authenticated, "authentication");
    // Triggers off for this one write: as when midnight passes, no NOTIFY says anything changed.
    const client = await sync.db.pool.connect();
    try {
      await client.query("BEGIN");
      await client.query("SET LOCAL session_replication_role = replica");
      await client.query("UPDATE companies SET due_date = '2020-01-31' WHERE id = $1", [company]);
      await client.query("COMMIT");
    } finally {
      client.release();
    }
    expect(await within(live.closed, "the connection closed")).toBe("ERR_SUBSCRIPTION_EXPIRED");
  });
});
