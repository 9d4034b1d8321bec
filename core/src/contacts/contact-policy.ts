// Who may do what to contacts (spec 1 §6): every user of the company works
// with its contacts; deleting one, and the backup export (spec 3 §6), need
// contacts-page:deleteContact (admins).
import type { Actor } from "../auth/authenticate.ts";
import { noPermission } from "../kernel/errors.ts";

export type ContactAction = "read" | "create" | "update" | "block" | "import" | "delete" | "export";

export function canOnContacts(actor: Actor, action: ContactAction): boolean {
  if (action === "delete" || action === "export") return actor.profile === "admin";
  return true;
}

/** Answers 403 ERR_NO_PERMISSION when the caller may not do `action`. */
export function authorizeContacts(actor: Actor, action: ContactAction): void {
  if (!canOnContacts(actor, action)) throw noPermission();
}
