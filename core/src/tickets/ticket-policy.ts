// Who may do what to a ticket (spec 1 §4 Transitions, §6 Roles). Seeing the
// ticket at all is visibility.ts's rule (not seen = 404); these are the rules
// on top of it, answered as 403 ERR_NO_PERMISSION.
import type { Actor } from "../auth/authenticate.ts";
import { noPermission } from "../kernel/errors.ts";

export type TicketAction =
  | "create"
  | "accept"
  | "returnToQueue"
  | "transfer"
  | "resolve"
  | "ignore"
  | "closePending"
  | "reopen"
  | "delete"
  | "closeAll";

const isAdmin = (a: Actor) => a.profile === "admin";
const enabled = (v: string) => v === "enabled";

const RULES: Record<TicketAction, (actor: Actor) => boolean> = {
  // Anyone who sees a ticket works it (the inbox's basics, spec 1 §6).
  create: () => true,
  accept: () => true,
  returnToQueue: () => true,
  transfer: () => true,
  resolve: () => true,
  reopen: () => true,
  // "allowed if the user has userClosePendingTicket or is admin".
  ignore: (a) => isAdmin(a) || enabled(a.userClosePendingTicket),
  // "pending → closed: admins or users with showDashboard".
  closePending: (a) => isAdmin(a) || enabled(a.showDashboard),
  // ticket-options:deleteTicket and the close-all button are admin permissions.
  delete: isAdmin,
  closeAll: isAdmin,
};

export function may(actor: Actor, action: TicketAction): boolean {
  return RULES[action](actor);
}

/** Throws 403 ERR_NO_PERMISSION unless the actor may. */
export function authorize(actor: Actor, action: TicketAction): void {
  if (!may(actor, action)) throw noPermission();
}
