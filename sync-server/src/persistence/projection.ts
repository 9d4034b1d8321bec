// Projections turn a stored document into core's plain rows, per document kind.

import type { DocumentKind } from "@chatflow/core/contract/documents/document-name.ts";
import { projectKanbanBoard } from "./kanban-projection.ts";
import type { Projection } from "./projection-type.ts";
import { projectQuickMessages } from "./quick-messages-projection.ts";

// flow (-> flows) comes with its own issue.
export const PROJECTIONS: Partial<Record<DocumentKind, Projection>> = {
  "quick-messages": projectQuickMessages,
  kanban: projectKanbanBoard,
};
