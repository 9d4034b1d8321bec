// Use case: the owner deletes a chat with its messages (DELETE /chats/{id}); anyone else gets ERR_NO_PERMISSION
// (spec 3 §6). Every former member's chat list is told.
import type pg from "pg";
import type { Actor } from "../auth/authenticate.ts";
import { companyEm } from "../db/company-em.ts";
import { Chat } from "../db/entities/chats.ts";
import { listChangedFor, recordChanges } from "../kernel/change-log.ts";
import { noPermission } from "../kernel/errors.ts";
import { chatLeft } from "./chat-members.ts";
import { findMemberChat } from "./chat-queries.ts";

export async function deleteChat(client: pg.ClientBase, actor: Actor, chatId: number): Promise<void> {
  const chat = await findMemberChat(client, actor.companyId, actor.id, chatId, { lock: true });
  if (chat.ownerId !== actor.id) throw noPermission("Only the chat's owner deletes it");
  // Members and messages go with it (foreign keys cascade).
  await companyEm(client, actor.companyId).nativeDelete(Chat, { id: chatId });
  const members = chat.users.map((u) => u.userId);
  await recordChanges(client, [
    ...listChangedFor(actor.companyId, "chats", members),
    ...chatLeft(actor.companyId, chatId, members),
  ]);
}
