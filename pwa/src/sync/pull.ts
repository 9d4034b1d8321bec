// Pull: ask core for everything changed since our cursor and apply it to the
// replica in one transaction, so the UI never sees half a change.
import type { MessageDTO } from "@chatflow/core/contract/entities.ts";
import type { PullResponse } from "@chatflow/core/contract/sync.ts";
import { Dexie } from "dexie";
import type { ApiClient } from "../api/http.ts";
import { type ChatflowDb, REPLICA_TABLES } from "../store/db.ts";
import { getMeta, setMeta } from "../store/meta.ts";
import { outboxMessageIds } from "../store/outbox.ts";
import { rebaseOptimistic } from "./optimistic.ts";

export type PullContext = { db: ChatflowDb; api: ApiClient };

/** Pulls until the server has nothing more (`more` false). Returns how many pages were applied. */
export async function pullChanges(ctx: PullContext): Promise<number> {
  let pages = 0;
  for (;;) {
    // No cursor yet: a first pull, which the server answers with a whole replica.
    const cursor = await getMeta(ctx.db, "cursor");
    const query = cursor === undefined ? "" : `?cursor=${encodeURIComponent(cursor)}`;
    const page = await ctx.api.get<PullResponse>(`/sync/pull${query}`);
    await applyPull(ctx.db, page);
    pages++;
    if (!page.more) return pages;
  }
}

export async function applyPull(db: ChatflowDb, page: PullResponse): Promise<void> {
  const tables = [...REPLICA_TABLES.map((t) => db[t]), db.outbox, db.meta, db.evictions];
  await db.transaction("rw", tables, async () => {
    if (page.reset) {
      // Messages still waiting in the outbox exist only here; keep them through a reset.
      const pending = await pendingMessages(db);
      await Promise.all([...REPLICA_TABLES.map((t) => db[t].clear()), db.evictions.clear()]);
      if (pending.length > 0) await db.messages.bulkPut(pending);
    }
    // Puts first, removals last: if a row shows up in both, it ends up gone rather
    // than visible to someone who may no longer see it.
    await db.tickets.bulkPut(page.put.tickets ?? []);
    await db.messages.bulkPut(page.put.messages ?? []);
    await db.contacts.bulkPut(page.put.contacts ?? []);
    await db.queues.bulkPut(page.put.queues ?? []);
    await db.whatsapps.bulkPut(page.put.whatsapps ?? []);
    await db.users.bulkPut(page.put.users ?? []);
    await db.schedules.bulkPut(page.put.schedules ?? []);

    const goneTickets = page.del.tickets ?? [];
    await db.tickets.bulkDelete(goneTickets);
    await db.evictions.bulkDelete(goneTickets);
    // A ticket leaving this user's replica takes its conversation with it.
    for (const ticketId of goneTickets) {
      await db.messages
        .where("[ticketId+createdAt]")
        .between([ticketId, Dexie.minKey], [ticketId, Dexie.maxKey])
        .delete();
    }
    await db.messages.bulkDelete(page.del.messages ?? []);
    await db.contacts.bulkDelete(page.del.contacts ?? []);
    await db.queues.bulkDelete(page.del.queues ?? []);
    await db.whatsapps.bulkDelete(page.del.whatsapps ?? []);
    await db.users.bulkDelete(page.del.users ?? []);
    await db.schedules.bulkDelete(page.del.schedules ?? []);
    // Local changes still waiting go back over the server's newer rows.
    await rebaseOptimistic(db, page);

    await setMeta(db, "cursor", page.cursor);
  });
}

async function pendingMessages(db: ChatflowDb): Promise<MessageDTO[]> {
  const rows = await db.messages.bulkGet([...(await outboxMessageIds(db))]);
  return rows.filter((m): m is MessageDTO => m !== undefined);
}
