// Refusals the server answered to pushed mutations, kept for a while so the screen that
// queued a change can tell the person what happened to it (the start-ticket dialog shows
// who holds the contact's open ticket). The toast that app-sync shows stays the general notice.
import type { ErrorBody } from "@chatflow/core/contract/errors.ts";
import type { MutationName } from "@chatflow/core/contract/sync.ts";
import type { ChatflowDb, RefusalEntry } from "../store/db.ts";

/** Refusals older than this are dropped when a new one is stored. */
const KEEP_MS = 60 * 60 * 1000;

/** A rollback that only remembers the refusal (for mutations with no optimistic change to undo). */
export function rememberRefusal(name: MutationName) {
  return async (db: ChatflowDb, args: unknown, error: ErrorBody): Promise<void> => {
    const now = Date.now();
    await db.refusals.filter((r) => Date.parse(r.at) < now - KEEP_MS).delete();
    await db.refusals.add({ name, args, error, at: new Date(now).toISOString() } as RefusalEntry);
  };
}

/** The refusals of one mutation name stored since `since` (ISO), oldest first. */
export function refusalsSince(db: ChatflowDb, name: MutationName, since: string): Promise<RefusalEntry[]> {
  return db.refusals
    .where("name")
    .equals(name)
    .filter((r) => r.at >= since)
    .sortBy("id");
}
