// Keeps Yjs documents in the documents table through Hocuspocus's database
// extension, and writes each kind's projection in the same transaction, so the
// rows never disagree with the stored state.
import { inTransaction } from "@chatflow/core/sync/change-log.ts";
import { Database } from "@hocuspocus/extension-database";
import type pg from "pg";
import type * as Y from "yjs";
import { parseDocumentName } from "../documents/document-name.ts";
import { PROJECTIONS } from "./projection.ts";

export async function fetchDocumentState(pool: pg.Pool, name: string): Promise<Uint8Array | null> {
  // The name carries the company (company/{id}/...): the filter keeps the read on that company's rows.
  const companyId = parseDocumentName(name)?.companyId;
  if (companyId === undefined) return null;
  const { rows } = await pool.query<{ state: Buffer }>(
    "SELECT state FROM documents WHERE name = $1 AND company_id = $2",
    [name, companyId],
  );
  return rows[0] ? new Uint8Array(rows[0].state) : null;
}

/**
 * `state` must be the encoding of `doc` taken in the same tick as this call (as the
 * extension does): the projection reads `doc` before the first await, so rows and
 * state describe the same moment even while edits keep arriving.
 */
export async function storeDocumentState(pool: pg.Pool, name: string, state: Uint8Array, doc: Y.Doc): Promise<void> {
  // Only names that passed authentication reach here; anything else is a bug worth failing loudly.
  const parsed = parseDocumentName(name);
  if (!parsed) throw new Error(`not a document name: ${name}`);
  const writeProjection = PROJECTIONS[parsed.kind]?.(doc, parsed);
  await inTransaction(pool, async (client) => {
    await client.query(
      `INSERT INTO documents (name, company_id, kind, state) VALUES ($1, $2, $3, $4)
       ON CONFLICT (name) DO UPDATE SET state = EXCLUDED.state, updated_at = now()`,
      [name, parsed.companyId, parsed.kind, state],
    );
    await writeProjection?.(client);
  });
}

export function documentStore(pool: pg.Pool): Database {
  return new Database({
    fetch: ({ documentName }) => fetchDocumentState(pool, documentName),
    store: ({ documentName, state, document }) => storeDocumentState(pool, documentName, state, document),
  });
}
