// Use case: a member writes in a chat (POST /chats/{id}/messages). The chat's last message and time move, every
// other member's unread count grows, and every member's screens are told (decision 0073).
import { raw } from "@mikro-orm/postgresql";
import type pg from "pg";
import type { Actor } from "../auth/authenticate.ts";
import type { ChatMessageDTO, TChatMessageRequest } from "../contract/chats.ts";
import { companyEm } from "../db/company-em.ts";
import { Chat, ChatMessage, ChatUser } from "../db/entities/chats.ts";
import { tellMembers } from "./chat-members.ts";
import { findMemberChat, loadChatMessage } from "./chat-queries.ts";

export async function sendChatMessage(
  client: pg.ClientBase,
  actor: Actor,
  chatId: number,
  input: TChatMessageRequest,
): Promise<ChatMessageDTO> {
  const chat = await findMemberChat(client, actor.companyId, actor.id, chatId, { lock: true });
  const em = companyEm(client, actor.companyId);
  const message = em.create(ChatMessage, {
    companyId: actor.companyId,
    chatId,
    senderId: actor.id,
    message: input.message,
  });
  await em.flush();
  await em.nativeUpdate(Chat, { id: chatId }, { lastMessage: input.message, updatedAt: raw("now()") });
  await em.nativeUpdate(ChatUser, { chatId, userId: { $ne: actor.id } }, { unreads: raw("unreads + 1") });
  await tellMembers(client, actor.companyId, chat);
  return loadChatMessage(client, actor.companyId, message.id);
}
