// What a chat's writes record in the change log (decision 0111), free of the ORM: read-chat.ts runs on the serving
// path, which loads no EntityManager use case until one is asked for (serving-imports.test.ts).
import type { Change } from "../kernel/change-log.ts";

/** The chat's row changed: every member's replica takes it again (decision 0111). */
export const chatChanged = (companyId: number, chatId: number): Change => ({ companyId, entity: "chats", id: chatId });

/**
 * The chat leaves these users' replicas (taken out of it, or it was deleted): logged per user ("<chatId>:<userId>"),
 * so only their pulls name its removal and nobody else learns a chat they were never in changed (decision 0111).
 */
export const chatLeft = (companyId: number, chatId: number, userIds: Iterable<number>): Change[] =>
  [...new Set(userIds)].map((userId) => ({ companyId, entity: "chats", id: `${chatId}:${userId}` }));
