// The help videos' data (issue 20: screens call hooks; this file owns the paths and tables). The list
// (GET /helps/list) is the one kept in the cache table for the menu (helps-presence.ts), so offline the grid
// still shows the titles.
import type { HelpDTO } from "@chatflow/core/contract/helps.ts";
import { useLiveQuery } from "dexie-react-hooks";
import { useEffect, useState } from "react";
import { db } from "../app-db.ts";
import { api } from "../app-services.ts";
import { refreshCache } from "../store/cache.ts";
import { HELPS_CACHE_KEY } from "./helps-presence.ts";

/** The kept help videos, refreshed while online: `helps` is null while unknown; `failed` when the refresh failed. */
export function useHelps(online: boolean): { helps: HelpDTO[] | null; failed: boolean } {
  const row = useLiveQuery(async () => (await db.cache.get(HELPS_CACHE_KEY)) ?? null, []);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!online) return;
    refreshCache<HelpDTO[]>(db, api, HELPS_CACHE_KEY, "/helps/list").then(
      () => setFailed(false),
      () => setFailed(true),
    );
  }, [online]);
  const helps = row ? (row.value as HelpDTO[]) : row === null && (!online || failed) ? [] : null;
  return { helps, failed };
}
