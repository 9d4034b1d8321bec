// The dashboard's answers (GET /dashboard and the two chart calls), kept in the cache table per company so the
// screen shows what it last loaded when offline ('Precisa de conexão'). A call runs when online and when its
// query changes (a press of a filter button); a failed call leaves the kept answer and says so.
import type {
  DashboardDTO,
  DashboardTicketsDayDTO,
  DashboardTicketsUsersDTO,
} from "@chatflow/core/contract/dashboard.ts";
import { useLiveQuery } from "dexie-react-hooks";
import { useEffect, useState } from "react";
import { db } from "../app-db.ts";
import { api } from "../app-services.ts";
import { useOnline } from "../layout/use-online.ts";
import { writeCache } from "../store/cache.ts";
import { cacheKey } from "./dashboard-model.ts";

/** A kept answer with the period it was asked for (the charts show their dates from it offline). */
export type Kept<T> = { value: T; query: string; fetchedAt: string };

export type Loaded<T> = {
  kept: Kept<T> | undefined;
  /** The kept row was read (undefined kept means nothing was ever loaded). */
  read: boolean;
  loading: boolean;
  failed: boolean;
};

function useKeptCall<T>(key: string, path: string, query: string | null, nonce: number): Loaded<T> {
  const online = useOnline();
  const row = useLiveQuery(async () => (await db.cache.get(key)) ?? null, [key]);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: nonce asks again for the same query (a filter pressed twice)
  useEffect(() => {
    if (!online || query === null) return;
    let live = true;
    setLoading(true);
    api.get<T>(`${path}?${query}`).then(
      async (value) => {
        await writeCache(db, key, { value, query, fetchedAt: new Date().toISOString() } satisfies Kept<T>);
        if (live) {
          setFailed(false);
          setLoading(false);
        }
      },
      () => {
        if (live) {
          setFailed(true);
          setLoading(false);
        }
      },
    );
    return () => {
      live = false;
    };
  }, [online, key, path, query, nonce]);
  return { kept: row ? (row.value as Kept<T>) : undefined, read: row !== undefined, loading, failed };
}

export function useDashboard(companyId: number, query: string | null, nonce: number) {
  return useKeptCall<DashboardDTO>(cacheKey(companyId, "main"), "/dashboard", query, nonce);
}

export function useTicketsUsers(companyId: number, query: string | null, nonce: number) {
  return useKeptCall<DashboardTicketsUsersDTO>(cacheKey(companyId, "users"), "/dashboard/ticketsUsers", query, nonce);
}

export function useTicketsDay(companyId: number, query: string | null, nonce: number) {
  return useKeptCall<DashboardTicketsDayDTO>(cacheKey(companyId, "days"), "/dashboard/ticketsDay", query, nonce);
}
