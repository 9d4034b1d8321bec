// Use case: a user starts a chat (POST /chats, or the outbox's createChat with the uuid the device chose) with a title
// and colleagues of the company; the creator is its owner and a member. Runs on the company EntityManager (decision
// 0028); every member's chat list and replica are told (decisions 0073, 0111).
import type pg from "pg";
import type { Actor } from "../auth/authenticate.ts";
import type { ChatDTO, TChatRequest } from "../contract/chats.ts";
import { companyEm } from "../db/company-em.ts";
import { Chat, ChatUser } from "../db/entities/chats.ts";
import { listChangedFor, recordChanges } from "../kernel/change-log.ts";
import { chatNotFound } from "../kernel/errors.ts";
import { chatChanged, chatMembers, isUniqueViolation } from "./chat-members.ts";
import { findMemberChat } from "./chat-queries.ts";

export async function createChat(
  client: pg.ClientBase,
  actor: Actor,
  input: TChatRequest & { uuid?: string },
): Promise<ChatDTO> {
  if (input.uuid) {
    // Made already (the same create queued twice): that chat, once; someone else's answers as missing.
    const made = await client.query<{ id: number }>("SELECT id FROM chats WHERE company_id = $1 AND uuid = $2", [
      actor.companyId,
      input.uuid,
    ]);
    if (made.rows[0]) return findMemberChat(client, actor.companyId, actor.id, made.rows[0].id);
  }
  const em = companyEm(client, actor.companyId);
  const members = await chatMembers(em, actor.id, input.users);
  const chat = em.create(Chat, {
    companyId: actor.companyId,
    title: input.title,
    ownerId: actor.id,
    lastMessage: "",
    ...(input.uuid ? { uuid: input.uuid } : {}),
  });
  try {
    await em.flush();
  } catch (err) {
    // Another company's chat holds that uuid: told as a missing chat, as every foreign id is (decision 0027).
    if (isUniqueViolation(err)) throw chatNotFound();
    throw err;
  }
  for (const userId of members)
    em.create(ChatUser, { chatId: chat.id, userId, companyId: actor.companyId, unreads: 0 });
  await em.flush();
  await recordChanges(client, [
    ...listChangedFor(actor.companyId, "chats", members),
    chatChanged(actor.companyId, chat.id),
  ]);
  return findMemberChat(client, actor.companyId, actor.id, chat.id);
}
