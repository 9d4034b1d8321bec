// The shape of a projection (projection.ts lists them per document kind; each kind's file writes one).
import type { AuditActor } from "@chatflow/core/audit/record-audit.ts";
import type { DocumentName } from "@chatflow/core/contract/documents/document-name.ts";
import type pg from "pg";
import type * as Y from "yjs";

/**
 * Reads the document synchronously, when the state being stored is encoded, and
 * returns the writer that runs inside the store's transaction. Reading first
 * keeps rows and stored state from the same moment even while edits keep coming. `actor`: who made the last edit
 * before this store (Hocuspocus's lastContext), for the audit log; null when no person's edit is known.
 */
export type Projection = (
  doc: Y.Doc,
  name: DocumentName,
) => (client: pg.ClientBase, actor: AuditActor) => Promise<void>;
