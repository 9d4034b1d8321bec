// The session as the UI sees it. "checking" lasts only while the stored user is
// read from IndexedDB at start; the route guards wait for it.
import type { UserDTO } from "@chatflow/core/contract/entities.ts";
import { atom } from "jotai";

export type SessionState =
  | { status: "checking" }
  | { status: "anonymous"; reason?: "expired" }
  | { status: "authenticated"; user: UserDTO };

export const sessionAtom = atom<SessionState>({ status: "checking" });

/** True when the company's due date (yyyy-mm-dd) is before today; company 1 never expires. */
export function isSubscriptionExpired(user: UserDTO, now: Date = new Date()): boolean {
  const due = user.company?.dueDate;
  if (!due || user.companyId === 1) return false;
  const today = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, "0")}-${String(now.getDate()).padStart(2, "0")}`;
  return due.slice(0, 10) < today;
}
