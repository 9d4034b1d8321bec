// Projections turn a stored document into core's plain rows, per document kind.

import type { DocumentKind, DocumentName } from "@chatflow/core/contract/documents/document-name.ts";
import type pg from "pg";
import type * as Y from "yjs";
import { projectKanbanBoard } from "./kanban-projection.ts";
import { projectQuickMessages } from "./quick-messages-projection.ts";

/**
 * Reads the document synchronously, when the state being stored is encoded, and
 * returns the writer that runs inside the store's transaction. Reading first
 * keeps rows and stored state from the same moment even while edits keep coming.
 */
export type Projection = (doc: Y.Doc, name: DocumentName) => (client: pg.ClientBase) => Promise<void>;

// flow (-> flows) comes with its own issue.
export const PROJECTIONS: Partial<Record<DocumentKind, Projection>> = {
  "quick-messages": projectQuickMessages,
  kanban: projectKanbanBoard,
};
