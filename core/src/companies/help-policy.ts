// Who may edit the platform's help videos (spec 3 §7): the super user only; every signed-in user reads them.
import type { Actor } from "../auth/authenticate.ts";
import { AppError, noPermission } from "../kernel/errors.ts";

export const helpNotFound = () => new AppError("ERR_NOT_FOUND", "Help not found");

export function authorizeHelpEdits(actor: Actor): void {
  if (!actor.super) throw noPermission();
}
