// Whether a conversation is held on this device, and fetching it from core when
// it is not (evicted to keep the replica in budget, evict.ts) and the network is there.
import type { MessageDTO } from "@chatflow/core/contract/entities.ts";
import { Dexie } from "dexie";
import type { ApiClient } from "../api/http.ts";
import type { ChatflowDb } from "../store/db.ts";
import { deleteMeta, getMeta, setMeta } from "../store/meta.ts";

/**
 * False when the ticket is not in the replica, its messages were evicted, or the first pull has not
 * brought them yet (decision 0040): what shows may be incomplete.
 */
export function isConversationHeld(db: ChatflowDb, ticketId: number): Promise<boolean> {
  // One chain of Dexie promises: a live query reads it (use-contacts-list.ts says why).
  return Dexie.Promise.all([
    db.tickets.get(ticketId),
    db.evictions.get(ticketId),
    db.meta.get("pendingConversations"),
  ]).then(([ticket, evicted, pending]) => {
    const waiting = pending?.value as number[] | undefined;
    return ticket !== undefined && evicted === undefined && !waiting?.includes(ticketId);
  });
}

type MessagesPage = { messages: MessageDTO[]; hasMore: boolean; nextCursor: string | null };

/** Pages of 20 (GET /messages/{ticketId}); three give about what the first pull holds per ticket (50). */
const RESTORE_PAGES = 3;

/**
 * Fetches the newest messages of the ticket from core into the replica and marks the conversation
 * held again. Throws what the API throws (offline: NetworkError; not visible any more: 404).
 */
export async function restoreConversation(ctx: { db: ChatflowDb; api: ApiClient }, ticketId: number): Promise<number> {
  const messages: MessageDTO[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < RESTORE_PAGES; page++) {
    const query: string = cursor ? `?cursor=${encodeURIComponent(cursor)}` : "";
    const answer: MessagesPage = await ctx.api.get<MessagesPage>(`/messages/${ticketId}${query}`);
    messages.push(...answer.messages);
    if (!answer.hasMore || !answer.nextCursor) break;
    cursor = answer.nextCursor;
  }
  await ctx.db.transaction("rw", [ctx.db.messages, ctx.db.evictions, ctx.db.meta], async () => {
    await ctx.db.messages.bulkPut(messages);
    await ctx.db.evictions.delete(ticketId);
    const pending = await getMeta(ctx.db, "pendingConversations");
    if (!pending?.includes(ticketId)) return;
    const left = pending.filter((id) => id !== ticketId);
    if (left.length > 0) await setMeta(ctx.db, "pendingConversations", left);
    else await deleteMeta(ctx.db, "pendingConversations");
  });
  return messages.length;
}
