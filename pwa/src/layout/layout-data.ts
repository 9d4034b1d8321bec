// The shell's data (issue 20: screens call hooks; this file owns the tables): the notifications bell's rows,
// the count of changes waiting in the outbox, and the help videos' presence in the menu.
import { useLiveQuery } from "dexie-react-hooks";
import { db } from "../app-db.ts";
import { api } from "../app-services.ts";
import { useKeepHelpsPresence } from "../helps/keep-helps-presence.ts";
import { loadNotificationRows, type NotificationRow } from "./notification-query.ts";

/** The bell's rows for the user (with the pending tickets when they see them); undefined while reading. */
export function useNotificationRows(userId: number, showPending: boolean): NotificationRow[] | undefined {
  return useLiveQuery(() => loadNotificationRows(db, userId, showPending), [userId, showPending]);
}

/** How many changes wait in the outbox (not yet on the server). */
export function usePendingChanges(): number {
  return useLiveQuery(() => db.outbox.count(), [], 0);
}

/** Keeps the kept help videos' list (and so the menu's helps item) fresh while the shell is open. */
export function useHelpsPresence(): void {
  useKeepHelpsPresence(db, api);
}
