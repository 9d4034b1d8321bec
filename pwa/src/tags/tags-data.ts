// The tags area's data (issue 20: screens call hooks; this file owns the paths and tables). Tags are not
// replicated: they are read over REST (GET /tags page by page, GET /tags/list) and kept in the local `tags`
// table for the pickers and for offline. Each kind of write goes one way, through the outbox: createTag,
// updateTag, deleteTag and removeContactTag. The one exception is a new kanban lane's tag (useCreateLaneTag):
// the board places the lane with the tag's id at once, which only POST /tags answers.
import type {
  ContactDetailDTO,
  ListContactsResponse,
  TagDTO,
  TCreateTagRequest,
  TUpdateTagRequest,
} from "@chatflow/core/contract/contacts.ts";
import { statusOf } from "@chatflow/core/contract/errors.ts";
import { Dexie } from "dexie";
import { useLiveQuery } from "dexie-react-hooks";
import { useCallback, useEffect } from "react";
import { ApiError } from "../api/errors.ts";
import { usePaged } from "../api/use-paged.ts";
import { db } from "../app-db.ts";
import { api } from "../app-services.ts";
import type { CachedTag } from "../store/db.ts";
import { requestSync } from "../sync/app-sync.ts";
import { queueMutation } from "../sync/optimistic.ts";
import { refusalsSince } from "../sync/refusal-store.ts";
import { useListChanged } from "../sync/use-list-changed.ts";
import { cachedTags, cacheTags, pendingTags, queueCreateTag, refreshTagList } from "./tag-store.ts";

type TagsPageAnswer = { tags: CachedTag[]; count: number; hasMore: boolean };

/** GET /tags page `page` (with each tag's counts), kept in the local table for the pickers and offline. */
export async function fetchTagPage(page: number, search = ""): Promise<TagsPageAnswer> {
  const q = new URLSearchParams({ pageNumber: String(page) });
  if (search) q.set("searchParam", search);
  const res = await api.get<TagsPageAnswer>(`/tags?${q}`);
  await cacheTags(db, res.tags);
  return res;
}

/** Core's tags matching `search` page by page while online, asked again when another person changes them. */
export function useTagPages(search: string, online: boolean) {
  const server = usePaged<CachedTag>(search, online, async (page) => {
    const res = await fetchTagPage(page, search);
    return { items: res.tags, hasMore: res.hasMore, count: res.count };
  });
  // Another person's change (spec 2 §4 live updates).
  useListChanged(db, "tags", server.reload);
  return server;
}

/** The kept tags by name and the tags waiting in the outbox to be created. */
export function useLocalTags() {
  return useLiveQuery(
    () => Dexie.Promise.all([cachedTags(db), pendingTags(db)]).then(([cache, pending]) => ({ cache, pending })),
    [],
  );
}

/** The kept tags by name (core's order for the pickers); undefined while the store opens. */
export function useCachedTags(): CachedTag[] | undefined {
  return useLiveQuery(() => cachedTags(db), []);
}

/** The company's tags by name for pickers and filters: the kept ones, refreshed from GET /tags/list when online. */
export function useTagList(online: boolean): CachedTag[] {
  const tags = useCachedTags() ?? [];
  useRefreshTagList(online);
  return tags;
}

/** Refreshes the kept tags from GET /tags/list whenever `online` turns on (the names the lists show). */
export function useRefreshTagList(online: boolean): void {
  useEffect(() => {
    if (online) refreshTagList(db, api).catch(() => undefined);
  }, [online]);
}

/** The kept tags as stored; undefined while the store opens. */
export function useReplicaTags(): CachedTag[] | undefined {
  return useLiveQuery(() => db.tags.toArray(), []);
}

/** One kept tag (its kanban flag and lane settings) and every kept tag (the lanes to choose from). */
export function useTagWithLanes(tagId: number | null) {
  return useLiveQuery(
    async () => ({ self: tagId === null ? undefined : await db.tags.get(tagId), all: await db.tags.toArray() }),
    [tagId],
  );
}

/** Queues a new tag through the outbox (works offline) and asks for a push. */
export function useCreateTag() {
  return useCallback(async (input: TCreateTagRequest) => {
    await queueCreateTag(db, input);
    requestSync();
  }, []);
}

/**
 * Creates a kanban lane's tag over REST (POST /tags) and keeps it: the lane is placed on the board with the new
 * tag's id at once, which the outbox's createTag cannot answer (its id is core's, known only after the push).
 */
export function useCreateLaneTag() {
  return useCallback(async (name: string): Promise<TagDTO> => {
    const tag = await api.post<TagDTO>("/tags", { name, kanban: 1 });
    await cacheTags(db, [tag]);
    return tag;
  }, []);
}

/** How long a tag write waits for its push before the screen goes on (the list's stamp reloads it later). */
const PUSH_WAIT_MS = 10_000;

/**
 * Asks for a push and waits until the outbox entry has left, or PUSH_WAIT_MS; then the kept tags are read again
 * from core, the authority either way. A refusal that came back meanwhile is thrown as core's answer would have
 * been over REST, so the dialog shows it under its field ('Tag já existe') and stays open.
 */
async function untilPushed(entryId: number, name: "updateTag" | "deleteTag", tagId: number): Promise<void> {
  const since = new Date().toISOString();
  requestSync();
  const deadline = Date.now() + PUSH_WAIT_MS;
  while (Date.now() < deadline && (await db.outbox.get(entryId))) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await refreshTagList(db, api).catch(() => undefined);
  const refused = (await refusalsSince(db, name, since)).find((r) => (r.args as { tagId?: number }).tagId === tagId);
  if (refused) throw new ApiError(statusOf(refused.error.error), refused.error);
}

/** Renames, recolours or makes a lane of a tag through the outbox (updateTag); answers the tag as now kept. */
export function useUpdateTag() {
  return useCallback(async (id: number, body: TUpdateTagRequest): Promise<TagDTO> => {
    const before = await db.tags.get(id);
    await untilPushed(await queueMutation(db, "updateTag", { tagId: id, ...body }), "updateTag", id);
    return (await db.tags.get(id)) ?? ({ ...before, ...body, id } as TagDTO);
  }, []);
}

/** Deletes a tag through the outbox (deleteTag); the kept tags follow core once the push is done. */
export function useDeleteTag() {
  return useCallback(async (id: number) => {
    await untilPushed(await queueMutation(db, "deleteTag", { tagId: id }), "deleteTag", id);
  }, []);
}

/** The contacts of one tag, page by page from GET /contacts?contactTag=[id] while online. */
export function useTagContacts(tagId: number, online: boolean) {
  return usePaged<ContactDetailDTO>(`tag-${tagId}`, online, async (page) => {
    const q = new URLSearchParams({ pageNumber: String(page), contactTag: JSON.stringify([tagId]) });
    const res = await api.get<ListContactsResponse>(`/contacts?${q}`);
    return { items: res.contacts, hasMore: res.hasMore, count: res.count };
  });
}

/** The contacts whose removal from `tagId` still waits in the outbox (hidden already). */
export function usePendingTagRemovals(tagId: number): Set<number> {
  return (
    useLiveQuery(async () => {
      const entries = await db.outbox.filter((e) => e.name === "removeContactTag").toArray();
      return new Set(
        entries
          .map((e) => e.args as { tagId: number; contactId: number })
          .filter((a) => a.tagId === tagId)
          .map((a) => a.contactId),
      );
    }, [tagId]) ?? new Set<number>()
  );
}

/** Removes a contact from a tag through the outbox (removeContactTag) and asks for a push. */
export function useRemoveContactTag() {
  return useCallback(async (tagId: number, contactId: number) => {
    await queueMutation(db, "removeContactTag", { tagId, contactId });
    requestSync();
  }, []);
}
