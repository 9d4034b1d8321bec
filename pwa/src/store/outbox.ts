// Which replica rows exist only because of an outbox entry: the optimistic
// messages (text, contact cards, interactive, polls, templates) not yet stored by core. A pull reset and the replica's eviction keep them.
import { type ChatflowDb, UPLOAD_ENTRY, type UploadArgs } from "./db.ts";

/** Mutations that write a new outgoing message to the replica under their args' `id`. */
const OUTGOING_MESSAGE_MUTATIONS = new Set([
  "sendMessage",
  "sendContact",
  "sendInteractiveMessage",
  "sendPoll",
  "sendTemplate",
]);

/** Ids of the messages written here whose send (text or upload) is still in the outbox. */
export async function outboxMessageIds(db: ChatflowDb): Promise<Set<string>> {
  const ids = new Set<string>();
  await db.outbox.each((e) => {
    if (OUTGOING_MESSAGE_MUTATIONS.has(e.name)) ids.add((e.args as { id: string }).id);
    else if (e.name === UPLOAD_ENTRY) ids.add((e.args as UploadArgs).id);
  });
  return ids;
}
