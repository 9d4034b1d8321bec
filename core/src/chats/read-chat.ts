// Use case: a member opened a chat (POST /chats/{id}/read): their unread count goes back to zero. Only the caller's
// own count: the spec's `userId` in the body is not trusted to name someone else.
import type pg from "pg";
import type { Actor } from "../auth/authenticate.ts";
import type { ChatDTO } from "../contract/chats.ts";
import { listChangedFor, recordChanges } from "../kernel/change-log.ts";
import { chatChanged } from "./chat-changes.ts";
import { findMemberChat } from "./chat-queries.ts";

export async function readChat(client: pg.ClientBase, actor: Actor, chatId: number): Promise<ChatDTO> {
  const chat = await findMemberChat(client, actor.companyId, actor.id, chatId);
  const { rowCount } = await client.query(
    "UPDATE chat_users SET unreads = 0 WHERE company_id = $1 AND chat_id = $2 AND user_id = $3 AND unreads <> 0",
    [actor.companyId, chatId, actor.id],
  );
  if (!rowCount) return chat;
  // The caller's other tabs and devices drop the badge too.
  await recordChanges(client, [
    ...listChangedFor(actor.companyId, "chats", [actor.id]),
    chatChanged(actor.companyId, chatId),
  ]);
  return findMemberChat(client, actor.companyId, actor.id, chatId);
}
