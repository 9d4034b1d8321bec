// Whether help records exist (spec 1 §2: the helps item shows only then, and /helps opens only then). The list is
// the one the settings page's Helps tab keeps (GET /helps/list under HELPS_CACHE_KEY in the cache table); the
// answer is also remembered in localStorage so the menu is right at once on the next start, even offline.
// AppLayout keeps it current (useKeepHelpsPresence, in keep-helps-presence.ts: it needs Dexie, which the first
// screen does not carry): fetched on start and when the connection comes back, and
// followed whenever the kept list changes (a super user saving a help in this or another tab).
import { useSyncExternalStore } from "react";

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
