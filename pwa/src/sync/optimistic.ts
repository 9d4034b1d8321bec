// Optimistic changes to replicated rows (tickets, contacts): a mutation's local effect is
// written to the replica together with its outbox entry, remembering the row as the server
// last gave it (the base). A refusal puts the base back and lays the changes still waiting
// on top again; a pull that brings a newer row makes it the base and re-applies them too,
// so the screen never shows a stale row nor loses a change that is still on its way.
import type { ContactDTO, MessageDTO, TicketDTO } from "@chatflow/core/contract/entities.ts";
import type { MUTATIONS, MutationName, PullResponse } from "@chatflow/core/contract/sync.ts";
import type { Table } from "dexie";
import type { z } from "zod";
import type { ChatflowDb, OptimisticChange, OptimisticTable, OutboxEntry } from "../store/db.ts";

/** The tables an optimistic change may touch; a transaction that applies or undoes one includes them. */
export const OPTIMISTIC_TABLES = ["tickets", "contacts", "messages"] as const satisfies readonly OptimisticTable[];

type ReplicaRow = TicketDTO | ContactDTO | MessageDTO;
type Key = number | string;

/** The three tables share one shape here: rows keyed by their id. */
const tableOf = (db: ChatflowDb, table: OptimisticTable) => db[table] as unknown as Table<ReplicaRow, Key>;

export type RowChange = {
  table: OptimisticTable;
  id: Key;
  /** Fields to write over the row; null removes it. */
  patch: Record<string, unknown> | null;
};

const sameRow = (a: OptimisticChange, table: OptimisticTable, id: Key) => a.table === table && a.id === id;

async function applyPatch(db: ChatflowDb, change: Pick<OptimisticChange, "table" | "id" | "patch">): Promise<void> {
  const table = tableOf(db, change.table);
  if (change.patch === null) await table.delete(change.id);
  // A patch holds whole field values (never Dexie key paths such as "tagIds.0").
  else await (table as unknown as Table<Record<string, unknown>, Key>).update(change.id, change.patch);
}

/** A mutation's arguments as the contract takes them (checked when it is queued, not only when pushed). */
export type MutationArgs<N extends MutationName> = z.input<(typeof MUTATIONS)[N]>;

/**
 * Queues a mutation and applies its change to the replica in one transaction (never one
 * without the other). Answers the outbox entry's id.
 */
export async function queueMutation<N extends MutationName>(
  db: ChatflowDb,
  name: N,
  args: MutationArgs<N>,
  change?: RowChange,
  now: Date = new Date(),
): Promise<number> {
  return db.transaction("rw", [db.outbox, ...OPTIMISTIC_TABLES.map((t) => db[t])], async () => {
    let optimistic: OptimisticChange | undefined;
    if (change) {
      // With a change already waiting on this row, the row here is not the server's: reuse that base.
      const earlier = (await db.outbox.toArray()).find(
        (e) => e.optimistic && sameRow(e.optimistic, change.table, change.id),
      );
      const base = earlier?.optimistic
        ? earlier.optimistic.base
        : ((await tableOf(db, change.table).get(change.id)) ?? null);
      optimistic = { ...change, base };
      await applyPatch(db, change);
    }
    const entry: Omit<OutboxEntry, "id"> = { name, args, queuedAt: now.toISOString() };
    if (optimistic) entry.optimistic = optimistic;
    return (await db.outbox.add(entry as OutboxEntry)) as number;
  });
}

/** Later changes on the same row that are still waiting, in the order they were made. */
async function waitingAfter(db: ChatflowDb, entry: OutboxEntry, table: OptimisticTable, id: Key) {
  const later = await db.outbox.where("id").above(entry.id).toArray();
  return later.filter((e) => e.optimistic && sameRow(e.optimistic, table, id));
}

/**
 * Undoes a refused entry's change: the server's row comes back, then the changes made after
 * it that still wait are laid on top again. Runs inside the push's transaction.
 */
export async function undoOptimistic(db: ChatflowDb, entry: OutboxEntry): Promise<void> {
  const change = entry.optimistic;
  if (!change) return;
  const table = tableOf(db, change.table);
  if (change.base) await table.put(change.base);
  else await table.delete(change.id);
  for (const later of await waitingAfter(db, entry, change.table, change.id)) {
    if (later.optimistic) await applyPatch(db, later.optimistic);
  }
}

/**
 * After a pull page is stored: for each waiting change whose row the page brought (or removed),
 * that row becomes its base, and the change is applied over it again. Runs inside the pull's
 * transaction, which includes the outbox.
 */
export async function rebaseOptimistic(db: ChatflowDb, page: PullResponse): Promise<void> {
  const waiting = (await db.outbox.toArray()).filter((e) => e.optimistic);
  if (waiting.length === 0) return;
  for (const table of OPTIMISTIC_TABLES) {
    const entries = waiting.filter((e) => e.optimistic?.table === table);
    if (entries.length === 0) continue;
    const put = new Map<Key, ReplicaRow>();
    for (const row of page.put[table] ?? []) put.set(row.id, row);
    const removed = new Set<Key>(page.del[table] ?? []);
    for (const entry of entries) {
      const change = entry.optimistic as OptimisticChange;
      // Removals win over puts (as in the pull); a reset that does not bring the row back removes it too.
      const row = removed.has(change.id) ? undefined : put.get(change.id);
      const gone = removed.has(change.id) || (page.reset && !row);
      if (!row && !gone) continue;
      await db.outbox.update(entry.id, { optimistic: { ...change, base: row ?? null } });
      if (row) await applyPatch(db, change);
    }
  }
}
