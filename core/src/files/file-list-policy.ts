// Who may touch file lists: admins only (spec 2 §6: profile user has no access to file lists). The chatbot
// runtime reads them without a caller.
import type { Actor } from "../auth/authenticate.ts";
import { AppError, noPermission } from "../kernel/errors.ts";

export function authorizeFileLists(actor: Actor): void {
  if (actor.profile !== "admin") throw noPermission();
}

/** ERR_NOT_FOUND, as for schedules: the spec names no code for a missing file list. */
export const fileListNotFound = () => new AppError("ERR_NOT_FOUND", "File list not found");
