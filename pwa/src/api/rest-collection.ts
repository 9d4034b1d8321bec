// A REST collection an admin list screen shows page by page (file lists, integrations, contact lists,
// campaigns): built once in its area's data file, so the shared list screen (layout/crud-list-page.tsx) holds
// no path. `useCollectionPages` loads it through `usePaged` and reloads on its admin list's realtime stamp.
import type { ListName } from "@chatflow/core/contract/sync.ts";
import { db } from "../app-db.ts";
import { api } from "../app-services.ts";
import { useListChanged } from "../sync/use-list-changed.ts";
import { type Page, type Paged, usePaged } from "./use-paged.ts";

export type RestCollection<T> = {
  /** Core's page `page` (1-based) of the records matching `search`. */
  fetchPage: (page: number, search: string) => Promise<Page<T>>;
  remove: (id: number) => Promise<void>;
  /** The change list that says another admin changed these records. */
  changes: ListName;
};

/** GET `${path}?pageNumber&searchParam` read with `read`, DELETE `${path}/${id}`. */
export function restCollection<T, A>(path: string, read: (answer: A) => Page<T>, changes: ListName): RestCollection<T> {
  return {
    fetchPage: async (page, search) => {
      const q = new URLSearchParams({ pageNumber: String(page) });
      if (search) q.set("searchParam", search);
      return read(await api.get<A>(`${path}?${q}`));
    },
    remove: async (id) => {
      await api.delete(`${path}/${id}`);
    },
    changes,
  };
}

/** The collection's records matching `search`, page by page while online; another admin's change reloads them. */
export function useCollectionPages<T>(collection: RestCollection<T>, search: string, online: boolean): Paged<T> {
  const list = usePaged<T>(search, online, (page) => collection.fetchPage(page, search));
  // Another admin's change (spec 2 §4, spec 3 §4 live updates).
  useListChanged(db, collection.changes, list.reload);
  return list;
}
