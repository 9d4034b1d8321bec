// Core's side of the REST writes to quick messages (decision 0048): the ops go to the sync server, which
// applies them to the live document with the caller's own rights and stores it (and so its projection)
// before answering. Core never writes quick_messages or the documents table itself: the document is the one
// authority, and the co-editors see the change as any other edit.

import type { QuickMessage, QuickMessagePatch } from "../contract/documents/quick-messages.ts";
import type { ErrorCode } from "../contract/errors.ts";
import { AppError, syncUnavailable } from "../kernel/errors.ts";

/** Where the sync server takes them (sync-server/src/http/quick-message-writes.ts). */
const WRITES_PATH = "/internal/quick-messages";
const TIMEOUT_MS = 10_000;

// The items and patches are the contract's: the same shape the document holds and the sync server applies.
export type QuickMessageOp =
  | { op: "add"; item: QuickMessage }
  | { op: "update"; id: string; patch: QuickMessagePatch }
  | { op: "remove"; id: string };

export type SyncWriter = (token: string, list: string, ops: QuickMessageOp[]) => Promise<boolean[]>;

/** A writer for the sync server at `syncUrl` (http:// or ws://, as SYNC_URL is given), or one that refuses. */
export function syncWriter(syncUrl: string | undefined): SyncWriter {
  if (!syncUrl) {
    return async () => {
      throw syncUnavailable();
    };
  }
  const url = new URL(WRITES_PATH, syncUrl.replace(/^ws(s?):/, "http$1:"));
  return async (token, list, ops) => {
    let res: Response;
    try {
      res = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
        body: JSON.stringify({ list, ops }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch {
      throw syncUnavailable();
    }
    const body = (await res.json().catch(() => ({}))) as { applied?: boolean[]; error?: ErrorCode };
    if (res.ok && Array.isArray(body.applied)) return body.applied;
    // The sync server judged the caller as a connection would: its refusal is the caller's.
    if (body.error && body.error !== "ERR_INTERNAL") throw new AppError(body.error, body.error);
    throw syncUnavailable();
  };
}
