// REST answers kept in IndexedDB for the lists the sync does not replicate (notes, tags,
// the ticket log, a contact's details): shown at once and offline, refreshed when online.
import type { ApiClient } from "../api/http.ts";
import type { CacheEntry, ChatflowDb } from "./db.ts";

export type Cached<T> = { value: T; fetchedAt: string };

export async function readCache<T>(db: ChatflowDb, key: string): Promise<Cached<T> | undefined> {
  const row = await db.cache.get(key);
  return row ? { value: row.value as T, fetchedAt: row.fetchedAt } : undefined;
}

export async function writeCache(db: ChatflowDb, key: string, value: unknown, now = new Date()): Promise<void> {
  await db.cache.put({ key, value, fetchedAt: now.toISOString() } satisfies CacheEntry);
}

/** GETs `path` and keeps the answer under `key`; a failure (offline, refused) leaves the kept one and throws. */
export async function refreshCache<T>(db: ChatflowDb, api: ApiClient, key: string, path: string): Promise<T> {
  const value = await api.get<T>(path);
  await writeCache(db, key, value);
  return value;
}

/** Drops what is kept under `key` (a record that is gone for this user). */
export async function forgetCache(db: ChatflowDb, key: string): Promise<void> {
  await db.cache.delete(key);
}
