// Who may do what to a user (spec 1 §2 Users list, §6 Roles and permissions).
// Handlers and use cases call authorizeUser; nothing else decides it.
import type { Actor } from "../auth/authenticate.ts";
import { noPermission } from "../kernel/errors.ts";

export type UserAction = "list" | "create" | "read" | "update" | "manage" | "delete";
type Target = { id: number; super: boolean };

const isAdmin = (a: Actor) => a.profile === "admin";
/** Only the super user touches the super user's record (a company admin of company 1 may not). */
const mayTouch = (a: Actor, t: Target) => !t.super || a.super;

const RULES: Record<UserAction, (a: Actor, t?: Target) => boolean> = {
  // Plain users see a no-permission view on /users.
  list: isAdmin,
  create: isAdmin,
  // The profile modal reads one's own record; other records are the admin's.
  read: (a, t) => isAdmin(a) || a.id === t?.id,
  // Own name, e-mail, password, theme and menu; everything of others for admins.
  update: (a, t) => !!t && (isAdmin(a) || a.id === t.id) && mayTouch(a, t),
  // Profile, queues, work hours and permission flags (user-modal:editProfile, user-modal:editQueues).
  manage: (a, t) => !!t && isAdmin(a) && mayTouch(a, t),
  // Not oneself: a company must not lose its admin by a slip of the hand.
  delete: (a, t) => !!t && isAdmin(a) && a.id !== t.id && mayTouch(a, t),
};

export function canUser(actor: Actor, action: UserAction, target?: Target): boolean {
  return RULES[action](actor, target);
}

/** Throws 403 ERR_NO_PERMISSION when the actor may not. */
export function authorizeUser(actor: Actor, action: UserAction, target?: Target): void {
  if (!canUser(actor, action, target)) throw noPermission();
}
