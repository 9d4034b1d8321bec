// The help videos' data (issue 20: screens call hooks; this file owns the paths and tables). The list
// (GET /helps/list) is the one kept in the cache table for the menu (helps-presence.ts), so offline the grid
// still shows the titles.
import type { HelpDTO } from "@chatflow/core/contract/helps.ts";
import { keptInCache, useRestQuery } from "../api/use-rest-query.ts";
import { HELPS_CACHE_KEY } from "./helps-presence.ts";

/** The kept help videos, refreshed while online: `helps` is null while unknown; `failed` when the refresh failed. */
export function useHelps(online: boolean): { helps: HelpDTO[] | null; failed: boolean } {
  const query = useRestQuery<HelpDTO[]>(online ? "/helps/list" : null, { keep: keptInCache(HELPS_CACHE_KEY) });
  // Nothing kept and nothing to ask (offline) or core refused: an empty grid, not a spinner forever.
  const helps = query.data ?? (query.loading ? null : []);
  return { helps, failed: query.error != null };
}
