// Keeps Yjs documents in the documents table through Hocuspocus's database
// extension, and writes each kind's projection in the same transaction, so the
// rows never disagree with the stored state.
//
// A store MERGES the instance's state into what is stored, under the row's lock,
// and never overwrites it: several sync servers (or an old instance still
// draining at a restart) each hold their own copy, and the last whole-copy save
// used to win, dropping what the others had (issue 11, decision 0051). Yjs
// updates merge without conflict, deletions included, so the merge can only add.

import type { AuditActor } from "@chatflow/core/audit/record-audit.ts";
import { parseDocumentName } from "@chatflow/core/contract/documents/document-name.ts";
import { docOf, drawnPublishOf, takeInPublishedFlow } from "@chatflow/core/contract/documents/flow-published.ts";
import type { FlowSnapshot } from "@chatflow/core/contract/flows.ts";
import { transaction } from "@chatflow/core/kernel/transaction.ts";
import { Database } from "@hocuspocus/extension-database";
import type pg from "pg";
import * as Y from "yjs";
import type { SyncContext } from "../auth/authenticate-connection.ts";
import { PROJECTIONS } from "./projection.ts";

export async function fetchDocumentState(pool: pg.Pool, name: string): Promise<Uint8Array | null> {
  // The name carries the company (company/{id}/...): the filter keeps the read on that company's rows.
  const parsed = parseDocumentName(name);
  if (parsed === null) return null;
  const read = async () => {
    const { rows } = await pool.query<{ state: Buffer }>(
      "SELECT state FROM documents WHERE name = $1 AND company_id = $2",
      [name, parsed.companyId],
    );
    return rows[0] ? new Uint8Array(rows[0].state) : null;
  };
  const state = await read();
  // A flow published (by the API) since its drawing last took a publish in opens with it drawn (decision 0107):
  // the store takes it in under the row's lock, as any store does, and the merged state is what loads.
  if (parsed.kind === "flow") {
    const savedAt = await publishedAtOf(pool, parsed.companyId, parsed.id);
    const drawn = state ? drawnPublishOf(docOf(state)) : null;
    if (savedAt && savedAt !== drawn) {
      await storeDocumentState(pool, name, state ?? Y.encodeStateAsUpdate(new Y.Doc()));
      return read();
    }
  }
  return state;
}

/**
 * Merges `state` (this instance's copy, encoded when the store was asked for) into
 * the stored state and projects the merged document, all in one transaction.
 * Returns the update the stored copy held that `state` lacked (another instance's
 * edits), or null when there was none, so the caller can bring its live document
 * up to date.
 */
export async function storeDocumentState(
  pool: pg.Pool,
  name: string,
  state: Uint8Array,
  actor: AuditActor = null,
): Promise<Uint8Array | null> {
  // Only names that passed authentication reach here; anything else is a bug worth failing loudly.
  const parsed = parseDocumentName(name);
  if (!parsed) throw new Error(`not a document name: ${name}`);
  const project = PROJECTIONS[parsed.kind];
  return transaction(pool, async (client) => {
    // A flow's drawing is kept only while the flow exists: an editor offline when it was deleted reconnects with
    // the drawing, and writing it back would leave an orphan row nobody lists (decisions 0051, 0061). FOR SHARE
    // holds a concurrent delete until this store is done; that delete then removes the row with the flow.
    const savedAt = parsed.kind === "flow" ? await flowSavedAt(client, parsed.companyId, parsed.id) : null;
    if (savedAt === undefined) return null;
    // The first store of a document inserts; a concurrent first store waits on the
    // unique key, does nothing, and merges below like any later store.
    const inserted = await client.query(
      `INSERT INTO documents (name, company_id, kind, state) VALUES ($1, $2, $3, $4)
       ON CONFLICT (name) DO NOTHING`,
      [name, parsed.companyId, parsed.kind, state],
    );
    const merged = new Y.Doc({ gc: true });
    let missing: Uint8Array | null = null;
    if (inserted.rowCount === 0) {
      // FOR UPDATE: two instances storing at once take turns, each merging into the other's result.
      const { rows } = await client.query<{ state: Buffer }>(
        "SELECT state FROM documents WHERE name = $1 AND company_id = $2 FOR UPDATE",
        [name, parsed.companyId],
      );
      const stored = rows[0] ? new Uint8Array(rows[0].state) : null;
      // A row under this name but another company cannot happen (names carry the
      // company); refuse rather than write across tenants.
      if (!stored) throw new Error(`document ${name} is stored under another company`);
      Y.applyUpdate(merged, stored);
      missing = newIn(state, stored);
      Y.applyUpdate(merged, state);
    } else {
      Y.applyUpdate(merged, state);
    }
    // A publish the drawing has not taken in yet (saved by the API, decision 0107) is drawn now; the instance's
    // live document gets it with `missing`, so its editors see it.
    const tookIn = savedAt !== null && (await takeInPublish(client, merged, parsed.companyId, parsed.id, savedAt));
    if (tookIn) missing = newIn(state, Y.encodeStateAsUpdate(merged));
    if (inserted.rowCount === 0 || tookIn) {
      await client.query("UPDATE documents SET state = $3, updated_at = now() WHERE name = $1 AND company_id = $2", [
        name,
        parsed.companyId,
        Y.encodeStateAsUpdate(merged),
      ]);
    }
    // The rows describe the merged document: what is stored, not one instance's view of it.
    await project?.(merged, parsed)(client, actor);
    merged.destroy();
    return missing;
  });
}

const flowIdOf = (id: string) => (/^\d{1,10}$/.test(id) && Number(id) <= 2_147_483_647 ? Number(id) : null);

/**
 * The flow's last publish time (ISO; null: never published), or undefined when the flow does not exist. FOR
 * SHARE holds a concurrent delete (or publish) until the store is done.
 */
async function flowSavedAt(client: pg.ClientBase, companyId: number, id: string): Promise<string | null | undefined> {
  const flowId = flowIdOf(id);
  if (flowId === null) return undefined;
  const { rows } = await client.query<{ saved_at: Date | null }>(
    "SELECT saved_at FROM flows WHERE company_id = $1 AND id = $2 FOR SHARE",
    [companyId, flowId],
  );
  if (!rows[0]) return undefined;
  return rows[0].saved_at ? rows[0].saved_at.toISOString() : null;
}

async function publishedAtOf(pool: pg.Pool, companyId: number, id: string): Promise<string | null> {
  const flowId = flowIdOf(id);
  if (flowId === null) return null;
  const { rows } = await pool.query<{ saved_at: Date | null }>(
    "SELECT saved_at FROM flows WHERE company_id = $1 AND id = $2",
    [companyId, flowId],
  );
  return rows[0]?.saved_at ? rows[0].saved_at.toISOString() : null;
}

/** Takes the flow's publish saved at `savedAt` into `doc` unless it already did; whether it changed `doc`. */
async function takeInPublish(
  client: pg.ClientBase,
  doc: Y.Doc,
  companyId: number,
  id: string,
  savedAt: string,
): Promise<boolean> {
  if (drawnPublishOf(doc) === savedAt) return false;
  const { rows } = await client.query<{ flow: FlowSnapshot | null }>(
    "SELECT flow FROM flows WHERE company_id = $1 AND id = $2",
    [companyId, flowIdOf(id)],
  );
  const flow = rows[0]?.flow;
  return flow ? takeInPublishedFlow(doc, flow, savedAt) : false;
}

/**
 * What `other` holds that `base` lacks, or null. Applying it to a copy of `base`
 * and keeping the update event catches deletions too, which no state vector shows.
 */
function newIn(base: Uint8Array, other: Uint8Array): Uint8Array | null {
  const doc = new Y.Doc();
  Y.applyUpdate(doc, base);
  let found: Uint8Array | null = null;
  doc.on("update", (update: Uint8Array) => {
    found = found ? Y.mergeUpdates([found, update]) : update;
  });
  Y.applyUpdate(doc, other);
  doc.destroy();
  return found;
}

export function documentStore(pool: pg.Pool): Database {
  return new Database({
    fetch: ({ documentName }) => fetchDocumentState(pool, documentName),
    store: async ({ documentName, state, document, lastContext }) => {
      // The last editor's (an authenticated connection's or the REST writes' context): the audit log's actor.
      const actor = (lastContext as Partial<SyncContext> | undefined)?.actor ?? null;
      const missing = await storeDocumentState(pool, documentName, state, actor);
      // Another instance stored edits this copy never saw (no Redis, or a message
      // lost between instances): apply them so its editors get them too. The change
      // schedules one more store, which then finds nothing missing.
      if (missing) Y.applyUpdate(document, missing);
    },
  });
}
