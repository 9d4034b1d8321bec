// Pull: ask core for everything changed since our cursor and apply it to the
// replica in one transaction, so the UI never sees half a change.
import type { MessageDTO } from "@chatflow/core/contract/entities.ts";
import type { PullResponse } from "@chatflow/core/contract/sync.ts";
import { Dexie } from "dexie";
import type { ApiClient } from "../api/http.ts";
import { applyChatPage, pendingChatRows } from "../chats/chat-replica.ts";
import type { LocalContact } from "../contacts/contact-writes.ts";
import { type ChatflowDb, REPLICA_TABLES } from "../store/db.ts";
import { deleteMeta, getMeta, setMeta } from "../store/meta.ts";
import { outboxMessageIds } from "../store/outbox.ts";
import { rebaseOptimistic } from "./optimistic.ts";

export type PullContext = { db: ChatflowDb; api: ApiClient };

type Fetched = { page: PullResponse; start: number; end: number; keepCachedSince: number };

function fetchPage(ctx: PullContext, cursor: string | undefined): Promise<Fetched> {
  const query = cursor === undefined ? "" : `?cursor=${encodeURIComponent(cursor)}`;
  // A first pull keeps every contact the contacts page cached from REST (the replica had nothing else);
  // a reset the server orders later keeps those cached after it was asked for.
  const keepCachedSince = cursor === undefined ? 0 : Date.now();
  const start = performance.now();
  return ctx.api
    .get<PullResponse>(`/sync/pull${query}`)
    .then((page) => ({ page, start, end: performance.now(), keepCachedSince }));
}

/**
 * Pulls until the server has nothing more (`more` false). Returns how many pages were applied. While a
 * page is written to IndexedDB the next one is already being asked for: a first pull is dozens of pages
 * (decision 0040), and the server's work and the transfer overlap the device's writes.
 */
export async function pullChanges(ctx: PullContext): Promise<number> {
  let pages = 0;
  // No cursor yet: a first pull, which the server answers with a whole replica, in pages (decision 0040).
  // It leaves User Timing entries that the replica benchmark and a performance trace read (bench/replica.ts);
  // once per sign-in, so they never pile up.
  const timed = (await getMeta(ctx.db, "cursor")) === undefined;
  let next: Promise<Fetched> | undefined;
  for (;;) {
    const { page, start, end, keepCachedSince } = await (next ?? fetchPage(ctx, await getMeta(ctx.db, "cursor")));
    next = undefined;
    if (page.more) {
      next = fetchPage(ctx, page.cursor);
      // Dropped if this page fails to apply; the next run asks again from the stored cursor.
      next.catch(() => undefined);
    }
    const applyStart = performance.now();
    await applyPull(ctx.db, page, { keepCachedSince });
    if (timed) {
      performance.measure("sync:pull-fetch", { start, end });
      const detail = { tickets: page.put.tickets?.length ?? 0, messages: page.put.messages?.length ?? 0 };
      performance.measure("sync:pull-apply", { start: applyStart, end: performance.now(), detail });
    }
    pages++;
    if (!page.more) {
      if (timed) performance.mark("sync:pull-done", { detail: { pages } });
      return pages;
    }
  }
}

/**
 * A reset replaces the replica, but it does not own the contacts the contacts screen cached from REST: its
 * snapshot holds only the contacts of tickets. `keepCachedSince` (Date.now() value) keeps those cached at or
 * after it: 0 on the first pull after sign-in (before, an open contacts page lost its rows when the first pull
 * landed), the moment of the request on a reset the server orders later (stale cursor, a presentation setting
 * changed), so that older rows are not kept past it. Without it, nothing is kept.
 */
export async function applyPull(
  db: ChatflowDb,
  page: PullResponse,
  o: { keepCachedSince?: number } = {},
): Promise<void> {
  const tables = [...REPLICA_TABLES.map((t) => db[t]), db.outbox, db.meta, db.evictions];
  await db.transaction("rw", tables, async () => {
    if (page.reset) {
      // Messages still waiting in the outbox exist only here; keep them through a reset.
      const pending = await pendingMessages(db);
      const pendingChats = await pendingChatRows(db);
      const cached = await contactsCachedSince(db, o.keepCachedSince);
      await Promise.all([...REPLICA_TABLES.map((t) => db[t].clear()), db.evictions.clear()]);
      if (pending.length > 0) await db.messages.bulkPut(pending);
      if (cached.length > 0) await db.contacts.bulkPut(cached);
      await db.chats.bulkPut(pendingChats.chats);
      await db.chatMessages.bulkPut(pendingChats.messages);
      // Which kinds of ticket the new replica holds whole: said by the page that ends the tickets' walk.
      await deleteMeta(db, "ticketsComplete");
    }
    if (page.ticketsComplete) await setMeta(db, "ticketsComplete", page.ticketsComplete);
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
    await applyChatPage(db, page);
    await notePendingConversations(db, page);
    if (page.lists && page.lists.length > 0) {
      const stamps = { ...(await getMeta(db, "listStamps")) };
      for (const list of page.lists) stamps[list] = page.cursor;
      await setMeta(db, "listStamps", stamps);
    }
    // Local changes still waiting go back over the server's newer rows.
    await rebaseOptimistic(db, page);

    await setMeta(db, "cursor", page.cursor);
  });
}

async function contactsCachedSince(db: ChatflowDb, since: number | undefined): Promise<LocalContact[]> {
  if (since === undefined) return [];
  const rows = (await db.contacts.toArray()) as LocalContact[];
  return rows.filter((c) => c.cachedAt !== undefined && c.cachedAt >= since);
}

/** A first pull in pages: which conversations are still to come (decision 0040). */
async function notePendingConversations(db: ChatflowDb, page: PullResponse): Promise<void> {
  const coming = page.pendingConversations ?? [];
  const held = page.heldConversations ?? [];
  if (!page.reset && coming.length === 0 && held.length === 0) return;
  const pending = new Set(page.reset ? [] : ((await getMeta(db, "pendingConversations")) ?? []));
  for (const id of coming) pending.add(id);
  for (const id of held) pending.delete(id);
  if (pending.size > 0) await setMeta(db, "pendingConversations", [...pending]);
  else await deleteMeta(db, "pendingConversations");
}

async function pendingMessages(db: ChatflowDb): Promise<MessageDTO[]> {
  const rows = await db.messages.bulkGet([...(await outboxMessageIds(db))]);
  return rows.filter((m): m is MessageDTO => m !== undefined);
}
