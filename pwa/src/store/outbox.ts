// Which replica rows exist only because of an outbox entry: the optimistic
// messages not yet stored by core. A pull reset and the replica's eviction keep them.
import type { TSendMessageArgs } from "@chatflow/core/contract/sync.ts";
import { type ChatflowDb, UPLOAD_ENTRY, type UploadArgs } from "./db.ts";

/** Ids of the messages written here whose send (text or upload) is still in the outbox. */
export async function outboxMessageIds(db: ChatflowDb): Promise<Set<string>> {
  const ids = new Set<string>();
  await db.outbox.each((e) => {
    if (e.name === "sendMessage") ids.add((e.args as TSendMessageArgs).id);
    else if (e.name === UPLOAD_ENTRY) ids.add((e.args as UploadArgs).id);
  });
  return ids;
}
