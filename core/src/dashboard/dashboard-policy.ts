// Who may read the dashboard (spec 1 §2 management group, §6 'dashboard:view'): admins, and users whose
// showDashboard is enabled. Every dashboard call asks this first.
import type { Actor } from "../auth/authenticate.ts";
import { noPermission } from "../kernel/errors.ts";

export function canViewDashboard(actor: Pick<Actor, "profile" | "showDashboard">): boolean {
  return actor.profile === "admin" || actor.showDashboard === "enabled";
}

export function authorizeDashboard(actor: Actor): void {
  if (!canViewDashboard(actor)) throw noPermission();
}
