// Who may read the audit log (decision 0108): a company's admins read their company's entries and set its
// retention; the super user reads every company's. Plain users are refused. Nobody edits or deletes an entry.
import type { Actor } from "../auth/authenticate.ts";
import { noPermission } from "../kernel/errors.ts";

export type AuditAction = "read" | "readPlatform" | "setRetention";

export function canAudit(actor: Actor, action: AuditAction): boolean {
  if (action === "readPlatform") return actor.super;
  return actor.profile === "admin" || actor.super;
}

export function authorizeAudit(actor: Actor, action: AuditAction): void {
  if (!canAudit(actor, action)) throw noPermission();
}
