// Who a chat holds: the users a request names must be of the caller's company (another company's answers as a
// missing user), and the owner is always one of them.
import type pg from "pg";
import type { EntityManager } from "../db/company-em.ts";
import { User } from "../db/entities/users.ts";
import { listChangedFor, recordChanges } from "../kernel/change-log.ts";
import { userNotFound } from "../kernel/errors.ts";
import { chatChanged } from "./chat-changes.ts";

export { chatChanged, chatLeft } from "./chat-changes.ts";

/** A uuid the device chose is taken by another company's row (uuids are unique across companies). */
export const isUniqueViolation = (err: unknown): boolean => {
  const e = err as { code?: unknown; sqlState?: unknown } | null;
  return e?.code === "23505" || e?.sqlState === "23505";
};

/** The members a create or edit asks for, the owner included, each once; ERR_NO_USER_FOUND for a foreign id. */
export async function chatMembers(em: EntityManager, ownerId: number | null, requested: number[]): Promise<number[]> {
  const ids = [...new Set([...(ownerId === null ? [] : [ownerId]), ...requested])];
  const found = await em.count(User, { id: { $in: ids } });
  if (found !== ids.length) throw userNotFound();
  return ids;
}

/** Every member's chat list hears of a new message, and the chat's and the message's rows go to their replicas. */
export function tellMembers(
  client: pg.ClientBase,
  companyId: number,
  chat: { id: number; users: { userId: number }[] },
  messageId: number,
) {
  const members = chat.users.map((u) => u.userId);
  return recordChanges(client, [
    ...listChangedFor(companyId, "chats", members),
    chatChanged(companyId, chat.id),
    { companyId, entity: "chatMessages", id: messageId },
  ]);
}
