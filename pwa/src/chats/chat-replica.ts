// The internal chat in the replica (decision 0111): what a pull page does to the chats and their messages, and which
// rows exist only because of an outbox entry (a chat made offline, a message written offline) so that a reset keeps
// them. Runs inside the pull's transaction (sync/pull.ts), which holds every replica table and the outbox.
import type { PullResponse } from "@chatflow/core/contract/sync.ts";
import { Dexie } from "dexie";
import type { ChatflowDb, LocalChat, LocalChatMessage } from "../store/db.ts";
import { getMeta } from "../store/meta.ts";

/** The chat writes this device has queued and the server has not answered yet. */
export async function waitingChatWrites(db: ChatflowDb) {
  const chats = new Set<string>();
  const messages = new Set<string>();
  const reads = new Set<string>();
  await db.outbox.each((e) => {
    const args = e.args as { uuid?: string; chatUuid?: string };
    if (e.name === "createChat" && args.uuid) chats.add(args.uuid);
    if (e.name === "sendChatMessage" && args.uuid) messages.add(args.uuid);
    if (e.name === "readChat" && args.chatUuid) reads.add(args.chatUuid);
  });
  return { chats, messages, reads };
}

/** The rows a reset must keep: made here, still in the outbox, and nowhere else yet. */
export async function pendingChatRows(db: ChatflowDb): Promise<{ chats: LocalChat[]; messages: LocalChatMessage[] }> {
  const waiting = await waitingChatWrites(db);
  const chats = (await db.chats.bulkGet([...waiting.chats])).filter((c): c is LocalChat => c !== undefined);
  const messages = (await db.chatMessages.bulkGet([...waiting.messages])).filter(
    (m): m is LocalChatMessage => m !== undefined,
  );
  return { chats, messages };
}

/**
 * A pull page's chats and messages: puts, then removals (a chat that left this user's replica takes its messages),
 * then the reads still waiting laid over the server's counts, so a badge cleared here does not come back while
 * its read is on its way.
 */
export async function applyChatPage(db: ChatflowDb, page: PullResponse): Promise<void> {
  const chats = page.put.chats ?? [];
  const gone = page.del.chats ?? [];
  await db.chatMessages.bulkPut(page.put.chatMessages ?? []);
  if (chats.length > 0) {
    const waiting = await waitingChatWrites(db);
    const me = await getMeta(db, "ownerUserId");
    await db.chats.bulkPut(
      chats.map((c) =>
        waiting.reads.has(c.uuid)
          ? { ...c, users: c.users.map((u) => (u.userId === me ? { ...u, unreads: 0 } : u)) }
          : c,
      ),
    );
  }
  if (gone.length === 0) return;
  const leaving = (await db.chats.where("id").anyOf(gone).toArray()).map((c) => c.uuid);
  for (const chatUuid of leaving) await removeChatRows(db, chatUuid);
}

/** A chat and every message of it this device holds leave the replica (inside a transaction on both tables). */
export async function removeChatRows(db: ChatflowDb, chatUuid: string): Promise<void> {
  await db.chats.delete(chatUuid);
  await db.chatMessages
    .where("[chatUuid+createdAt]")
    .between([chatUuid, Dexie.minKey], [chatUuid, Dexie.maxKey])
    .delete();
}
