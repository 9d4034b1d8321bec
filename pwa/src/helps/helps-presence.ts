// Whether help records exist (spec 1 §2: the helps item shows only then, and /helps opens only then). The list is
// the one the settings page's Helps tab keeps (GET /helps/list under HELPS_CACHE_KEY in the cache table); the
// answer is also remembered in localStorage so the menu is right at once on the next start, even offline.
// AppLayout keeps it current (useKeepHelpsPresence): fetched on start and when the connection comes back, and
// followed whenever the kept list changes (a super user saving a help in this or another tab).
import type { HelpDTO } from "@chatflow/core/contract/helps.ts";
import { liveQuery } from "dexie";
import { useEffect, useSyncExternalStore } from "react";
import type { ApiClient } from "../api/http.ts";
import { refreshCache } from "../store/cache.ts";
import type { ChatflowDb } from "../store/db.ts";

export const HELPS_CACHE_KEY = "settings:helps";
const STORAGE_KEY = "chatflow.hasHelps";

const listeners = new Set<() => void>();

function read(): boolean {
  try {
    return localStorage.getItem(STORAGE_KEY) === "1";
  } catch {
    return false;
  }
}

let current = read();

export function hasHelps(): boolean {
  return current;
}

export function setHasHelps(value: boolean): void {
  try {
    localStorage.setItem(STORAGE_KEY, value ? "1" : "0");
  } catch {
    // Private mode: the answer lives until the tab closes.
  }
  if (value === current) return;
  current = value;
  for (const l of [...listeners]) l();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useHasHelps(): boolean {
  return useSyncExternalStore(subscribe, hasHelps);
}

/** Follows the kept list and fetches it now; answers the stop. */
export function keepHelpsPresence(db: ChatflowDb, api: ApiClient, online: () => boolean): () => void {
  const sub = liveQuery(() => db.cache.get(HELPS_CACHE_KEY)).subscribe({
    next: (row) => {
      if (row) setHasHelps((row.value as HelpDTO[]).length > 0);
    },
    error: () => undefined,
  });
  const fetchNow = () => {
    if (online()) void refreshCache<HelpDTO[]>(db, api, HELPS_CACHE_KEY, "/helps/list").catch(() => undefined);
  };
  fetchNow();
  window.addEventListener("online", fetchNow);
  return () => {
    sub.unsubscribe();
    window.removeEventListener("online", fetchNow);
  };
}

export function useKeepHelpsPresence(db: ChatflowDb, api: ApiClient): void {
  useEffect(() => keepHelpsPresence(db, api, () => navigator.onLine), [db, api]);
}
