// Use case: the owner renames a chat or changes who is in it (PUT /chats/{id}); anyone else gets ERR_NO_PERMISSION
// (spec 3 §6), and a user who is not a member does not see the chat at all. Members who stay keep their unreads.
import { raw } from "@mikro-orm/postgresql";
import type pg from "pg";
import type { Actor } from "../auth/authenticate.ts";
import type { ChatDTO, TChatRequest } from "../contract/chats.ts";
import { companyEm } from "../db/company-em.ts";
import { Chat, ChatUser } from "../db/entities/chats.ts";
import { listChangedFor, recordChanges } from "../kernel/change-log.ts";
import { noPermission } from "../kernel/errors.ts";
import { chatChanged, chatLeft, chatMembers } from "./chat-members.ts";
import { findMemberChat } from "./chat-queries.ts";

export async function updateChat(
  client: pg.ClientBase,
  actor: Actor,
  chatId: number,
  input: TChatRequest,
): Promise<ChatDTO> {
  const chat = await findMemberChat(client, actor.companyId, actor.id, chatId, { lock: true });
  if (chat.ownerId !== actor.id) throw noPermission("Only the chat's owner edits it");
  const em = companyEm(client, actor.companyId);
  const members = await chatMembers(em, chat.ownerId, input.users);
  const before = chat.users.map((u) => u.userId);
  await em.nativeUpdate(Chat, { id: chatId }, { title: input.title, updatedAt: raw("now()") });
  await em.nativeDelete(ChatUser, { chatId, userId: { $nin: members } });
  for (const userId of members.filter((id) => !before.includes(id))) {
    em.create(ChatUser, { chatId, userId, companyId: actor.companyId, unreads: 0 });
  }
  await em.flush();
  // Those removed are told too: the chat leaves their list.
  await recordChanges(client, [
    ...listChangedFor(actor.companyId, "chats", [...before, ...members]),
    chatChanged(actor.companyId, chatId),
    ...chatLeft(
      actor.companyId,
      chatId,
      before.filter((id) => !members.includes(id)),
    ),
  ]);
  return findMemberChat(client, actor.companyId, actor.id, chatId);
}
