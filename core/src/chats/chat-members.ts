// Who a chat holds: the users a request names must be of the caller's company (another company's answers as a
// missing user), and the owner is always one of them.
import type pg from "pg";
import type { EntityManager } from "../db/company-em.ts";
import { User } from "../db/entities/users.ts";
import { listChangedFor, recordChanges } from "../kernel/change-log.ts";
import { userNotFound } from "../kernel/errors.ts";

/** The members a create or edit asks for, the owner included, each once; ERR_NO_USER_FOUND for a foreign id. */
export async function chatMembers(em: EntityManager, ownerId: number | null, requested: number[]): Promise<number[]> {
  const ids = [...new Set([...(ownerId === null ? [] : [ownerId]), ...requested])];
  const found = await em.count(User, { id: { $in: ids } });
  if (found !== ids.length) throw userNotFound();
  return ids;
}

/** Every member's chat list hears of a change to the chat (for a delete: the members it had). */
export function tellMembers(client: pg.ClientBase, companyId: number, chat: { users: { userId: number }[] }) {
  const members = chat.users.map((u) => u.userId);
  return recordChanges(client, listChangedFor(companyId, "chats", members));
}
