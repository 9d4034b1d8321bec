// Use case: a member writes in a chat (POST /chats/{id}/messages, or the outbox's sendChatMessage with the uuid the
// device chose). The chat's last message and time move, every other member's unread count grows, and every member's
// screens and replicas are told (decisions 0073, 0111). A uuid already stored answers that message, changing nothing.
import { raw } from "@mikro-orm/postgresql";
import type pg from "pg";
import type { Actor } from "../auth/authenticate.ts";
import type { ChatMessageDTO, TChatMessageRequest } from "../contract/chats.ts";
import { companyEm } from "../db/company-em.ts";
import { Chat, ChatMessage, ChatUser } from "../db/entities/chats.ts";
import { chatNotFound } from "../kernel/errors.ts";
import { isUniqueViolation, tellMembers } from "./chat-members.ts";
import { findMemberChat, loadChatMessage } from "./chat-queries.ts";

export async function sendChatMessage(
  client: pg.ClientBase,
  actor: Actor,
  chatId: number,
  input: TChatMessageRequest & { uuid?: string },
): Promise<ChatMessageDTO> {
  const chat = await findMemberChat(client, actor.companyId, actor.id, chatId, { lock: true });
  if (input.uuid) {
    const stored = await client.query<{ id: number; chat_id: number; sender_id: number | null }>(
      "SELECT id, chat_id, sender_id FROM chat_messages WHERE company_id = $1 AND uuid = $2",
      [actor.companyId, input.uuid],
    );
    const same = stored.rows[0];
    if (same) {
      // Sent once already (the same send queued again): that message. Someone else's uuid is nobody's business.
      if (same.chat_id !== chatId || same.sender_id !== actor.id) throw chatNotFound();
      return loadChatMessage(client, actor.companyId, same.id);
    }
  }
  const em = companyEm(client, actor.companyId);
  const message = em.create(ChatMessage, {
    companyId: actor.companyId,
    chatId,
    senderId: actor.id,
    message: input.message,
    ...(input.uuid ? { uuid: input.uuid } : {}),
  });
  try {
    await em.flush();
  } catch (err) {
    if (isUniqueViolation(err)) throw chatNotFound();
    throw err;
  }
  await em.nativeUpdate(Chat, { id: chatId }, { lastMessage: input.message, updatedAt: raw("now()") });
  await em.nativeUpdate(ChatUser, { chatId, userId: { $ne: actor.id } }, { unreads: raw("unreads + 1") });
  await tellMembers(client, actor.companyId, chat, message.id);
  return loadChatMessage(client, actor.companyId, message.id);
}
