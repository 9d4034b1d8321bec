// Who may do what to a queue: every member reads the company's queues (pickers,
// tabs); only admins create, edit and delete them (spec 1 §6 admin menu items).
import type { Actor } from "../auth/authenticate.ts";
import { noPermission } from "../kernel/errors.ts";

export type QueueAction = "read" | "create" | "update" | "delete";

export function canQueue(actor: Actor, action: QueueAction): boolean {
  return action === "read" || actor.profile === "admin";
}

export function authorizeQueue(actor: Actor, action: QueueAction): void {
  if (!canQueue(actor, action)) throw noPermission();
}
