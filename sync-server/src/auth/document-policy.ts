// Who may open which co-edited document, in one place (STYLE.md: policies).
// The actor is read fresh from the database on every connection, and again for
// open connections when the user or the company changes (access-watch.ts).
import type { Actor } from "@chatflow/core/auth/authenticate.ts";
import type { DocumentName } from "@chatflow/core/contract/documents/document-name.ts";
import { KANBAN_BOARD_ID } from "@chatflow/core/contract/documents/kanban-board.ts";
import { quickMessagesListOf } from "@chatflow/core/contract/documents/quick-messages.ts";

export type DocumentAccess = "edit" | "read" | "none";

export type PolicyActor = Pick<Actor, "id" | "companyId" | "profile" | "super">;

export function documentAccess(actor: PolicyActor, doc: DocumentName): DocumentAccess {
  // Tenants never see each other's documents, whatever the profile or super flag.
  if (actor.companyId !== doc.companyId) return "none";
  const admin = actor.profile === "admin" || actor.super;
  switch (doc.kind) {
    case "quick-messages": {
      // Only the general list and personal lists exist: any other id would be a
      // list no one's picker reads.
      const list = quickMessagesListOf(doc.id);
      if (!list) return "none";
      if (list.general) return admin ? "edit" : "read";
      // A personal list is its owner's alone, admins included (spec 2 §6).
      return list.userId === actor.id ? "edit" : "none";
    }
    case "flow":
      return admin ? "edit" : "none";
    case "kanban":
      // One board per company. Agents work the board (spec 2 "Kanban") but the lane layout is an admin's to change.
      if (doc.id !== KANBAN_BOARD_ID) return "none";
      return admin ? "edit" : "read";
  }
}
