// The reports area's data (issue 20: screens call hooks; this file owns the paths and tables). The tickets
// report is read over REST (GET /ticketreport/reports) and its last answer kept in the cache table for
// offline; it follows the company's changes through the realtime pokes, debounced.
import type { TicketReportDTO } from "@chatflow/core/contract/reports.ts";
import { useLiveQuery } from "dexie-react-hooks";
import { useEffect, useState } from "react";
import { db } from "../app-db.ts";
import { api } from "../app-services.ts";
import { useOnline } from "../layout/use-online.ts";
import { writeCache } from "../store/cache.ts";
import { debouncedOnPoke } from "../sync/pokes.ts";
import { useContactOptions } from "../tickets/composer/contact-search.ts";
import { fetchAllRows, type ReportFilters, reportQuery } from "./report-model.ts";

/** Pokes come in bursts (an accept writes several rows): the report asks again once they settle. */
const REPORT_POKE_DEBOUNCE_MS = 1_000;

export type Applied = { filters: ReportFilters; page: number; pageSize: number; nonce: number };
export type Kept = { query: string; value: TicketReportDTO };

/** The report for the applied filters and page: the kept answer, asked again while online. */
export function useReport(companyId: number, applied: Applied) {
  const online = useOnline();
  const key = `reports:last:${companyId}`;
  const query = reportQuery(applied.filters, applied.page, applied.pageSize);
  const kept = useLiveQuery(async () => ((await db.cache.get(key))?.value as Kept | undefined) ?? null, [key]);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: nonce asks again for the same query (Filtrar pressed twice)
  useEffect(() => {
    if (!online) return;
    let live = true;
    const load = async () => {
      if (live) setLoading(true);
      try {
        const value = await api.get<TicketReportDTO>(`/ticketreport/reports?${query}`);
        await writeCache(db, key, { query, value } satisfies Kept);
        if (live) setFailed(false);
      } catch {
        if (live) setFailed(true);
      } finally {
        if (live) setLoading(false);
      }
    };
    void load();
    // spec 3 §4: the report follows the company's changes (a ticket closed, rated, transferred), debounced.
    const off = debouncedOnPoke(load, REPORT_POKE_DEBOUNCE_MS);
    return () => {
      live = false;
      off();
    };
  }, [online, key, query, applied.nonce]);
  return { kept, loading, failed, online };
}

/** The contacts matching `search` for the report's contact filter (the replica, and core when online). */
export function useReportContactOptions(search: string, online: boolean) {
  return useContactOptions(db, api, search, online);
}

/** Every row of the report for the filters (the export), page after page. */
export function fetchReportRows(filters: ReportFilters) {
  return fetchAllRows(api, filters);
}
