// The company's tags, which core does not replicate: read over REST (GET /tags/list,
// GET /tags) and kept in the local `tags` table, so the pickers, the contacts' tag filter
// and the tags screen still have them offline. Tags are written through the outbox
// (createTag here; updateTag and deleteTag in tags-data.ts).
import type { TagDTO, TCreateTagRequest } from "@chatflow/core/contract/contacts.ts";
import type { ApiClient } from "../api/http.ts";
import type { CachedTag, ChatflowDb } from "../store/db.ts";

/** Replaces the cache with GET /tags/list's answer (keeping the counts the tags screen read). */
export async function refreshTagList(db: ChatflowDb, api: ApiClient): Promise<TagDTO[]> {
  const tags = await api.get<TagDTO[]>("/tags/list");
  await db.transaction("rw", db.tags, async () => {
    const known = new Map((await db.tags.toArray()).map((t) => [t.id, t]));
    await db.tags.clear();
    await db.tags.bulkPut(
      tags.map((t) => ({
        ...t,
        contactsCount: known.get(t.id)?.contactsCount,
        ticketsCount: known.get(t.id)?.ticketsCount,
      })),
    );
  });
  return tags;
}

/** Stores rows of GET /tags (with their counts) as they arrive. */
export async function cacheTags(db: ChatflowDb, rows: CachedTag[]): Promise<void> {
  await db.tags.bulkPut(rows);
}

/** The cached tags by name (core's order for the pickers). */
export function cachedTags(db: ChatflowDb): Promise<CachedTag[]> {
  // A Dexie promise, not a native async one: live queries read it (use-contacts-list.ts says why).
  return db.tags.toArray().then(sortTags);
}

/** Tags by name, then id (core's order for the pickers). */
export function sortTags(rows: CachedTag[]): CachedTag[] {
  return rows.sort((a, b) =>
    a.name.toLowerCase() < b.name.toLowerCase() ? -1 : a.name.toLowerCase() > b.name.toLowerCase() ? 1 : a.id - b.id,
  );
}

/** A tag waiting in the outbox to be created. */
export type PendingTag = { outboxId: number; name: string; color: string | null };

export function pendingTags(db: ChatflowDb): Promise<PendingTag[]> {
  return db.outbox
    .filter((e) => e.name === "createTag")
    .toArray()
    .then((entries) =>
      entries.map((e) => {
        const a = e.args as TCreateTagRequest;
        return { outboxId: e.id, name: a.name, color: a.color ?? null };
      }),
    );
}

/** Queues a new tag (validated with ZCreateTagRequestSchema); works offline. */
export async function queueCreateTag(db: ChatflowDb, input: TCreateTagRequest): Promise<void> {
  await db.outbox.add({ name: "createTag", args: input, queuedAt: new Date().toISOString() });
}
