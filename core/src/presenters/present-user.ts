// A user as the caller may read them (spec 1 §6): admins, the super user and the
// user themself read the whole row; a plain user reads only the public view of
// colleagues (PublicUserDTO) in the replica, the pickers and anywhere else.
import type { PublicUserDTO } from "../contract/entities.ts";
import type { Viewer } from "./viewer.ts";

type UserFields = PublicUserDTO & Record<string, unknown>;

/** Whether the viewer reads every field of `userId` (e-mail, profile, permission flags, settings). */
export function seesWholeUser(viewer: Viewer, userId: number): boolean {
  const { actor } = viewer;
  return actor.profile === "admin" || actor.super || actor.id === userId;
}

export function presentUser<T extends UserFields>(viewer: Viewer, user: T): T | PublicUserDTO {
  if (seesWholeUser(viewer, user.id)) return user;
  const { id, name, color, online, queues } = user;
  return queues === undefined ? { id, name, color, online } : { id, name, color, online, queues };
}
