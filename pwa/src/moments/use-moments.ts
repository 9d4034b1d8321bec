// The panel's tickets: GET /usersMoments kept in the cache table (offline, the page shows what it last loaded),
// fetched on open, when the connection comes back, and after core's pokes (sync/pokes.ts), 500 ms after the last
// of a burst, so the panel follows accepts, transfers and new tickets without a reload (decision 0060).
import type { MomentTicket } from "@chatflow/core/contract/moments.ts";
import { useLiveQuery } from "dexie-react-hooks";
import { useEffect, useState } from "react";
import { db } from "../app-db.ts";
import { api } from "../app-services.ts";
import { useOnline } from "../layout/use-online.ts";
import { refreshCache } from "../store/cache.ts";
import { debouncedOnPoke } from "../sync/pokes.ts";

export const MOMENTS_POKE_DEBOUNCE_MS = 500;
export const momentsCacheKey = (companyId: number) => `moments:${companyId}`;

export type MomentsData = {
  /** Undefined until the kept copy (or the first answer) is read. */
  tickets: MomentTicket[] | undefined;
  fetchedAt: string | undefined;
  /** The last fetch failed (offline, refused, down). */
  failed: boolean;
};

export function useMoments(companyId: number): MomentsData {
  const online = useOnline();
  const key = momentsCacheKey(companyId);
  const row = useLiveQuery(async () => (await db.cache.get(key)) ?? null, [key]);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!online) return;
    const load = () =>
      refreshCache<MomentTicket[]>(db, api, key, "/usersMoments").then(
        () => setFailed(false),
        (err: unknown) => {
          setFailed(true);
          throw err;
        },
      );
    void load().catch(() => undefined);
    return debouncedOnPoke(load, MOMENTS_POKE_DEBOUNCE_MS);
  }, [online, key]);
  return {
    tickets: row ? (row.value as MomentTicket[]) : row === null && !online ? [] : undefined,
    fetchedAt: row?.fetchedAt,
    failed,
  };
}
