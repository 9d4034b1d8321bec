// Older messages of a conversation (spec 1 §2: load when scrolled near the top): the replica
// first; past its oldest message, core's pages of 20 (GET /messages/{ticketId}, keyset cursor)
// are stored in the replica, so they stay readable offline like the rest.
import { MESSAGE_REPLICA_KEYS, type MessageDTO } from "@chatflow/core/contract/entities.ts";
import type { ListMessagesResponse } from "@chatflow/core/contract/messages.ts";
import { Dexie } from "dexie";
import type { ApiClient } from "../../api/http.ts";
import type { ChatflowDb } from "../../store/db.ts";

/** The messages page size of core (spec 1 §9 in docs/spec-coverage.md: messages 20). */
export const MESSAGE_PAGE = 20;

const range = (ticketId: number) => [
  [ticketId, Dexie.minKey],
  [ticketId, Dexie.maxKey],
];

/** The newest `limit` messages of a ticket in time order, and whether the replica holds older ones. */
export async function latestMessages(
  db: ChatflowDb,
  ticketId: number,
  limit: number,
): Promise<{ messages: MessageDTO[]; olderInReplica: boolean }> {
  const [lo, hi] = range(ticketId);
  const rows = await db.messages
    .where("[ticketId+createdAt]")
    .between(lo, hi)
    .reverse()
    .limit(limit + 1)
    .toArray();
  const olderInReplica = rows.length > limit;
  if (olderInReplica) rows.pop();
  return { messages: rows.reverse(), olderInReplica };
}

/** How many messages of the ticket are at or after `createdAt` (to widen the window to a quoted one). */
export function countSince(db: ChatflowDb, ticketId: number, createdAt: string): Promise<number> {
  return db.messages.where("[ticketId+createdAt]").between([ticketId, createdAt], [ticketId, Dexie.maxKey]).count();
}

const KEYS = MESSAGE_REPLICA_KEYS;

/** The replica's fields of a message as the REST list gives it (MessageDetailDTO carries more). */
export function replicaMessage(m: MessageDTO): MessageDTO {
  const out: Record<string, unknown> = {};
  for (const k of KEYS) out[k] = m[k] ?? null;
  return out as MessageDTO;
}

/**
 * Fetches the page of messages older than `oldest` and stores the ones the replica lacks (a row
 * already here may carry a local change on its way; the pull brings the server's version).
 * Answers how many were added and whether core has more.
 */
export async function fetchOlderMessages(
  db: ChatflowDb,
  api: Pick<ApiClient, "get">,
  ticketId: number,
  oldest: MessageDTO | null,
): Promise<{ added: number; hasMore: boolean }> {
  const query = oldest ? `?cursor=${encodeURIComponent(oldest.id)}` : "?pageNumber=1";
  const page = await api.get<ListMessagesResponse>(`/messages/${ticketId}${query}`);
  const rows = page.messages.map(replicaMessage).filter((m) => m.ticketId === ticketId);
  let added = 0;
  await db.transaction("rw", db.messages, async () => {
    const existing = await db.messages.bulkGet(rows.map((m) => m.id));
    const fresh = rows.filter((_, i) => existing[i] === undefined);
    await db.messages.bulkAdd(fresh);
    added = fresh.length;
  });
  return { added, hasMore: page.hasMore };
}
