// The reports area's data (issue 20: screens call hooks; this file owns the paths and tables). The tickets
// report is read over REST (GET /ticketreport/reports) and its last answer kept in the cache table for
// offline; it follows the company's changes through the realtime pokes, debounced.

import type { TicketReportDTO } from "@chatflow/core/contract/reports.ts";
import { useEffect } from "react";
import { useAskAgain } from "../api/use-ask-again.ts";
import { useRestQuery } from "../api/use-rest-query.ts";
import { db } from "../app-db.ts";
import { api } from "../app-services.ts";
import { useOnline } from "../layout/use-online.ts";
import { readCache, writeCache } from "../store/cache.ts";
import { debouncedOnPoke } from "../sync/pokes.ts";
import { anyContact, useContactOptions } from "../tickets/composer/contact-search.ts";
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
  const report = useRestQuery<TicketReportDTO>(online ? `/ticketreport/reports?${query}` : null, {
    // The last answer, whatever its filters, is what an offline report shows; its query says which it was.
    keep: {
      key,
      read: async () => (await readCache<Kept>(db, key))?.value.value,
      write: (value) => writeCache(db, key, { query, value } satisfies Kept),
    },
  });
  const { reload } = report;
  // Filtrar pressed again for the same filters asks again; other filters are another path, asked already.
  useAskAgain(query, applied.nonce, reload);
  // spec 3 §4: the report follows the company's changes (a ticket closed, rated, transferred), debounced.
  useEffect(() => (online ? debouncedOnPoke(reload, REPORT_POKE_DEBOUNCE_MS) : undefined), [online, reload]);
  return { data: report.data, loading: report.loading, failed: report.error != null, online };
}

/**
 * The contacts matching `search` for the report's contact filter (the replica, and core when online): any contact a
 * ticket may belong to, groups and Facebook and Instagram contacts included (spec 3 §2 Reports; decision 0119).
 */
export function useReportContactOptions(search: string, online: boolean) {
  return useContactOptions(db, api, search, online, anyContact);
}

/** Every row of the report for the filters (the export), page after page. */
export function fetchReportRows(filters: ReportFilters) {
  return fetchAllRows(api, filters);
}
