// The internal chat's writes, local-first (decision 0111): each queues its push mutation (contract/sync.ts MUTATIONS)
// and changes the replica at once, in one transaction, so they work offline and the screens show them before core
// has them. A message written here has no id until the pull brings core's row under the same uuid: until then it is
// pending. A refusal marks the message failed, or takes away the chat that core would not make (chatRollbacks).
import {
  type TChatRequest,
  ZCreateChatArgsSchema,
  ZReadChatArgsSchema,
  ZSendChatMessageArgsSchema,
} from "@chatflow/core/contract/chats.ts";
import type { ErrorBody } from "@chatflow/core/contract/errors.ts";
import type { ChatflowDb, LocalChat, LocalChatMessage, OutboxEntry } from "../store/db.ts";
import { rememberRefusal } from "../sync/refusal-store.ts";
import { uuidv7 } from "../util/uuidv7.ts";
import { removeChatRows } from "./chat-replica.ts";

export type Me = { id: number; name: string };

function queue(db: ChatflowDb, name: OutboxEntry["name"], args: unknown, now: Date) {
  return db.outbox.add({ name, args, queuedAt: now.toISOString() } as OutboxEntry);
}

/** Writes a message in a chat: shown at once as pending, sent when the outbox is pushed. Answers its uuid. */
export async function writeChatMessage(
  db: ChatflowDb,
  me: Me,
  chat: LocalChat,
  text: string,
  now: Date = new Date(),
): Promise<string> {
  const args = ZSendChatMessageArgsSchema.parse({ uuid: uuidv7(now.getTime()), chatUuid: chat.uuid, message: text });
  const row: LocalChatMessage = {
    uuid: args.uuid,
    chatUuid: chat.uuid,
    ...(chat.id === undefined ? {} : { chatId: chat.id }),
    message: args.message,
    senderId: me.id,
    sender: { id: me.id, name: me.name },
    createdAt: now.toISOString(),
  };
  await db.transaction("rw", [db.outbox, db.chats, db.chatMessages], async () => {
    await db.chatMessages.put(row);
    // The list shows it as the chat's last word at once, and moves the chat to the top.
    await db.chats.update(chat.uuid, { lastMessage: args.message, updatedAt: row.createdAt });
    await queue(db, "sendChatMessage", args, now);
  });
  return args.uuid;
}

/** Starts a chat (the caller its owner and a member): shown at once, made by core when the outbox is pushed. */
export async function startChat(
  db: ChatflowDb,
  me: Me,
  request: TChatRequest,
  names: Map<number, string>,
  now: Date = new Date(),
): Promise<LocalChat> {
  const args = ZCreateChatArgsSchema.parse({ ...request, uuid: uuidv7(now.getTime()) });
  const members = [...new Set([me.id, ...args.users])];
  const chat: LocalChat = {
    uuid: args.uuid,
    title: args.title,
    ownerId: me.id,
    users: members.map((userId) => ({
      userId,
      unreads: 0,
      user: { id: userId, name: userId === me.id ? me.name : (names.get(userId) ?? "") },
    })),
    lastMessage: "",
    updatedAt: now.toISOString(),
  };
  await db.transaction("rw", [db.outbox, db.chats], async () => {
    await db.chats.put(chat);
    await queue(db, "createChat", args, now);
  });
  return chat;
}

/** The caller read the chat: their count goes to zero here at once, and at core when pushed. No-op when zero. */
export async function markChatRead(db: ChatflowDb, meId: number, chatUuid: string, now: Date = new Date()) {
  const args = ZReadChatArgsSchema.parse({ chatUuid });
  await db.transaction("rw", [db.outbox, db.chats], async () => {
    const chat = await db.chats.get(chatUuid);
    if (!chat || (chat.users.find((u) => u.userId === meId)?.unreads ?? 0) === 0) return;
    await db.chats.update(chatUuid, {
      users: chat.users.map((u) => (u.userId === meId ? { ...u, unreads: 0 } : u)),
    });
    await queue(db, "readChat", args, now);
  });
}

/** How core's refusals of the chat's writes show (sync/rollbacks.ts). */
export const chatRollbacks = {
  // The message stays, marked failed with the refusal's code: the person sees what did not go and why.
  sendChatMessage: async (db: ChatflowDb, args: unknown, error: ErrorBody) => {
    await db.chatMessages.update((args as { uuid: string }).uuid, { failed: error.error });
  },
  // Core did not make the chat: it goes, with what was written in it here (each of those was refused too).
  createChat: async (db: ChatflowDb, args: unknown, error: ErrorBody) => {
    const { uuid } = args as { uuid: string };
    await removeChatRows(db, uuid);
    await rememberRefusal("createChat")(db, args, error);
  },
  // The next pull brings the chat as core holds it (or takes it away).
  readChat: async () => {},
};
