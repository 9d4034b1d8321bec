// Who may do what to a message (spec 1 §4 Messages, §6). Use cases call these
// and never re-derive the rules.
import type { Actor } from "../auth/authenticate.ts";

/** A message may be edited within 15 minutes of being sent (spec 1 §9). */
export const EDIT_WINDOW_MS = 900_000;

export type PolicyMessage = {
  userId: number | null;
  fromMe: boolean;
  isDeleted: boolean;
  isPrivate: boolean;
  /** Milliseconds since the message was stored, by the database clock. */
  ageMs: number;
};

const isOwn = (actor: Actor, m: PolicyMessage) => m.fromMe && m.userId === actor.id;

/** Only the author, within the edit window, and never once deleted. */
export function canEditMessage(actor: Actor, m: PolicyMessage): boolean {
  return isOwn(actor, m) && !m.isDeleted && m.ageMs <= EDIT_WINDOW_MS;
}

/** Only the author (spec 1 §4: "only own messages may be deleted"). */
export function canDeleteMessage(actor: Actor, m: PolicyMessage): boolean {
  return isOwn(actor, m);
}

/** Internal notes stay in the inbox, and a deleted message is gone: neither is forwarded. */
export function canForwardMessage(_actor: Actor, m: PolicyMessage): boolean {
  return !m.isPrivate && !m.isDeleted;
}

/** Message counts feed the dashboard: the people who may see it (spec 1 §2 management group). */
export function canCountMessages(actor: Actor): boolean {
  return actor.profile === "admin" || actor.showDashboard === "enabled";
}

/** Only the author re-sends their failed message; a deleted or private one never goes out. */
export function canRetryMessage(actor: Actor, m: PolicyMessage): boolean {
  return isOwn(actor, m) && !m.isDeleted && !m.isPrivate;
}
