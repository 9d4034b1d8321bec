// Keeps the helps item's answer (helps-presence.ts) current: fetched on start and when the connection comes back,
// and followed whenever the kept list changes. Apart from helps-presence.ts, which the first screen's route guard
// reads, because following the list needs Dexie (decision 0081).
import type { HelpDTO } from "@chatflow/core/contract/helps.ts";
import { liveQuery } from "dexie";
import { useEffect } from "react";
import type { ApiClient } from "../api/http.ts";
import { refreshCache } from "../store/cache.ts";
import type { ChatflowDb } from "../store/db.ts";
import { HELPS_CACHE_KEY, setHasHelps } from "./helps-presence.ts";

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
