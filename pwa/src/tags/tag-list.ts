// The tags list as the screen shows it: core's pages when online (with each tag's contact
// count), otherwise the cached tags; tags waiting in the outbox to be created join either.
import type { CachedTag } from "../store/db.ts";
import type { PendingTag } from "./tag-store.ts";

export type TagRow = {
  /** "t<id>", or "p<outbox id>" while waiting to be created. */
  key: string;
  id: number | null;
  name: string;
  color: string;
  /** Contacts carrying the tag, when core has said. */
  contactsCount: number | null;
  pending: boolean;
};

const byName = (a: TagRow, b: TagRow) => {
  const an = a.name.toLowerCase();
  const bn = b.name.toLowerCase();
  if (an !== bn) return an < bn ? -1 : 1;
  return (a.id ?? Number.MAX_SAFE_INTEGER) - (b.id ?? Number.MAX_SAFE_INTEGER);
};

/** `server` null offline: the cache, filtered by the search like core's (name contains, lower-cased). */
export function mergeTags(input: {
  server: CachedTag[] | null;
  cache: CachedTag[];
  pending: PendingTag[];
  search: string;
}): TagRow[] {
  const q = input.search.trim().toLowerCase();
  const match = (name: string) => !q || name.toLowerCase().includes(q);
  const stored = (input.server ?? input.cache.filter((t) => match(t.name))).map(
    (t): TagRow => ({
      key: `t${t.id}`,
      id: t.id,
      name: t.name,
      color: t.color,
      contactsCount: t.contactsCount ?? null,
      pending: false,
    }),
  );
  const names = new Set(stored.map((t) => t.name.toLowerCase()));
  const waiting = input.pending
    .filter((p) => match(p.name) && !names.has(p.name.toLowerCase()))
    .map(
      (p): TagRow => ({
        key: `p${p.outboxId}`,
        id: null,
        name: p.name,
        color: p.color ?? "#9E9E9E",
        contactsCount: 0,
        pending: true,
      }),
    );
  // Online, core's order stands; the waiting ones join at their place by name.
  return [...stored, ...waiting].sort(byName);
}
