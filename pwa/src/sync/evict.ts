// Keeps the replica within a budget of messages: when it holds more, the messages
// of the closed tickets least recently updated go first, a whole conversation at a
// time, and each such ticket is marked (evictions) so the conversation screen can
// say it is not held on this device and fetch it when online (held.ts). Never
// evicted: a message waiting in the outbox, or any message of an open or pending
// ticket (the work in progress must open with no network).
import { Dexie } from "dexie";
import type { ChatflowDb } from "../store/db.ts";
import { outboxMessageIds } from "../store/outbox.ts";

export type ReplicaBudget = {
  /** Messages the replica may hold before closed conversations are evicted. */
  maxMessages: number;
};

/**
 * The default budget: 150,000 messages is about 60-100 MB in Chrome's IndexedDB, under what a phone grants
 * a persisted origin, and above the 100,000 of the bootstrap benchmark (issue 8).
 */
export const DEFAULT_REPLICA_BUDGET: ReplicaBudget = { maxMessages: 150_000 };

export type EvictionResult = { removed: number; tickets: number[] };

export async function evictReplica(db: ChatflowDb, budget: ReplicaBudget): Promise<EvictionResult> {
  const result: EvictionResult = { removed: 0, tickets: [] };
  // Cheap when within budget: a count, no transaction held.
  if ((await db.messages.count()) <= budget.maxMessages) return result;
  // One transaction with the outbox: a reply written in another tab meanwhile waits, and is never evicted.
  await db.transaction("rw", [db.messages, db.tickets, db.outbox, db.evictions], async () => {
    let total = await db.messages.count();
    const queued = await outboxMessageIds(db);
    const closed = await db.tickets
      .where("[status+updatedAt]")
      .between(["closed", Dexie.minKey], ["closed", Dexie.maxKey])
      .toArray();
    const evictedAt = new Date().toISOString();
    for (const ticket of closed) {
      if (total <= budget.maxMessages) break;
      const ids = await db.messages
        .where("[ticketId+createdAt]")
        .between([ticket.id, Dexie.minKey], [ticket.id, Dexie.maxKey])
        .primaryKeys();
      const evictable = ids.filter((id) => !queued.has(id));
      if (evictable.length === 0) continue;
      await db.messages.bulkDelete(evictable);
      await db.evictions.put({ ticketId: ticket.id, evictedAt });
      total -= evictable.length;
      result.removed += evictable.length;
      result.tickets.push(ticket.id);
    }
  });
  return result;
}
