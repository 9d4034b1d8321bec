// Who may do what to flows: only admins (spec 2 §1: the flow builder is an admin screen), the super user too.
// The sync server applies the same rule to the flow's document (sync-server/src/auth/document-policy.ts).
import type { Actor } from "../auth/authenticate.ts";
import { noPermission } from "../kernel/errors.ts";

export function canEditFlows(actor: Pick<Actor, "profile" | "super">): boolean {
  return actor.profile === "admin" || actor.super;
}

export function authorizeFlows(actor: Actor): void {
  if (!canEditFlows(actor)) throw noPermission();
}
