// Which replica rows exist only because of an outbox entry: the optimistic
// messages (text, contact cards, interactive, polls, templates) not yet stored by core. A pull reset and the replica's eviction keep them.
// And when a saved change has reached the server (issue 21: "saved" means saved, use-modal-save.ts's announceSaved).
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

/** The ids of every entry now waiting in the outbox, oldest first. */
export function outboxEntryIds(db: ChatflowDb): Promise<number[]> {
  return db.outbox.toCollection().primaryKeys() as Promise<number[]>;
}

/**
 * Resolves once none of the entries `ids` waits in the outbox any more: true when the server took them, false when
 * it refused one (a refusal stored since `since`, ISO; the push has already said why).
 */
export async function whenPushed(
  db: ChatflowDb,
  ids: readonly number[],
  since: string,
  pollMs = 250,
): Promise<boolean> {
  while ((await db.outbox.bulkGet([...ids])).some((e) => e !== undefined)) {
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
  const refused = await db.refusals.filter((r) => r.at >= since).count();
  return refused === 0;
}
