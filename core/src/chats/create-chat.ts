// Use case: a user starts a chat (POST /chats) with a title and colleagues of the company; the creator is its owner
// and a member. Runs on the company EntityManager (decision 0028); every member's chat list is told (decision 0073).
import type pg from "pg";
import type { Actor } from "../auth/authenticate.ts";
import type { ChatDTO, TChatRequest } from "../contract/chats.ts";
import { companyEm } from "../db/company-em.ts";
import { Chat, ChatUser } from "../db/entities/chats.ts";
import { listChangedFor, recordChanges } from "../kernel/change-log.ts";
import { chatMembers } from "./chat-members.ts";
import { findMemberChat } from "./chat-queries.ts";

export async function createChat(client: pg.ClientBase, actor: Actor, input: TChatRequest): Promise<ChatDTO> {
  const em = companyEm(client, actor.companyId);
  const members = await chatMembers(em, actor.id, input.users);
  const chat = em.create(Chat, { companyId: actor.companyId, title: input.title, ownerId: actor.id, lastMessage: "" });
  await em.flush();
  for (const userId of members)
    em.create(ChatUser, { chatId: chat.id, userId, companyId: actor.companyId, unreads: 0 });
  await em.flush();
  await recordChanges(client, listChangedFor(actor.companyId, "chats", members));
  return findMemberChat(client, actor.companyId, actor.id, chat.id);
}
