// Who may open which co-edited document, in one place (STYLE.md: policies).
// The actor is read fresh from the database on every connection, so a profile
// change applies from the next connection on.
import type { Actor } from "@chatflow/core/auth/authenticate.ts";
import type { DocumentName } from "../documents/document-name.ts";
import { QUICK_MESSAGES_DOC_ID } from "../documents/quick-messages.ts";

export type DocumentAccess = "edit" | "read" | "none";

export function documentAccess(actor: Pick<Actor, "companyId" | "profile">, doc: DocumentName): DocumentAccess {
  // Tenants never see each other's documents, whatever the profile or super flag.
  if (actor.companyId !== doc.companyId) return "none";
  const admin = actor.profile === "admin";
  switch (doc.kind) {
    case "quick-messages":
      // One list per company: its projection replaces the company's rows, so a
      // second document would delete the first one's quick messages.
      if (doc.id !== QUICK_MESSAGES_DOC_ID) return "none";
      return "edit";
    case "flow":
      return admin ? "edit" : "none";
    case "kanban":
      // Agents work the board (spec 2 "Kanban") but the lane layout is an admin's to change.
      return admin ? "edit" : "read";
  }
}
