// The ticket list's rows and counts (decision 0032): the replica first, live and a page at a
// time; beyond it, when the replica does not hold every ticket of the tab (the first pull
// brings the latest REPLICA_BOOT_LIMITS) or the search reads message text, core's GET
// /tickets pages when online. Counts come from the replica where it holds everything, else
// from core's count; offline they are the replica's, marked as a floor.
import type { ListTicketsResponse } from "@chatflow/core/contract/tickets.ts";
import { useLiveQuery } from "dexie-react-hooks";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { ApiClient } from "../api/http.ts";
import { usePaged } from "../api/use-paged.ts";
import type { ChatflowDb } from "../store/db.ts";
import {
  effectiveFilter,
  type ListViewer,
  orderOf,
  type TicketListFilter,
  type TicketTab,
  ticketsQuery,
} from "./ticket-list-filter.ts";
import { localTabCounts, localTicketPage } from "./ticket-list-query.ts";
import { localRows, remoteRow, type TicketListRow } from "./ticket-list-rows.ts";

/** Rows read from the replica per step as the list scrolls. */
export const LOCAL_PAGE = 100;

/**
 * Rows a list reads first (issue 24): more than a phone or a desk shows at once (84 px rows), so the first render
 * reads what is in view, not a hundred rows; a taller list asks for the next step at once (VirtualList).
 */
export const FIRST_PAGE = 24;

export type TabCount = { value: number; atLeast: boolean };

export type TicketListState = {
  /** The query this state answers (ticketsQuery: the tab and its filter). */
  key: string;
  rows: TicketListRow[];
  /** The replica has answered (the first paint can show it). */
  ready: boolean;
  hasMore: boolean;
  loadingMore: boolean;
  loadMore: () => void;
  counts: Partial<Record<TicketTab, TabCount>>;
  /** Offline, and the tab goes on beyond what this device holds. */
  endOfReplica: boolean;
  /** A pull has filled the replica (its counts are the person's, not an empty store's before the first pull). */
  pulled: boolean;
  serverError: unknown;
};

type Complete = { inProgress: boolean; closed: boolean };

/** Whether the replica holds every ticket a tab may list (and, for search, every text it reads). */
function holdsAll(tab: TicketTab, f: TicketListFilter, complete: Complete | null | undefined): boolean {
  if (!complete) return false;
  if (tab === "closed") return complete.closed;
  if (tab === "search") return complete.closed && complete.inProgress && !(f.search && f.searchOnMessages);
  return complete.inProgress;
}

export function useTicketList(
  db: ChatflowDb,
  api: ApiClient,
  viewer: ListViewer,
  tabs: readonly TicketTab[],
  tab: TicketTab,
  filter: TicketListFilter,
  online: boolean,
): TicketListState {
  const f = useMemo(() => effectiveFilter(viewer, tab, filter), [viewer, tab, filter]);
  const key = ticketsQuery(tab, f);
  const [limit, setLimit] = useState({ key, value: FIRST_PAGE });
  const take = limit.key === key ? limit.value : FIRST_PAGE;

  // undefined while it is read, null when no pull has said yet.
  const complete = useLiveQuery(
    () => db.meta.get("ticketsComplete").then((row) => (row?.value as Complete | undefined) ?? null),
    [db],
  );
  // A chain of Dexie promises, no native await (ticket-list-query.ts says why).
  const local = useLiveQuery(
    () =>
      localTicketPage(db, viewer, tab, f, take).then((page) =>
        localRows(db, page.tickets).then((rows) => ({ key, hasMore: page.hasMore, rows })),
      ),
    [db, viewer, key, take],
  );
  // The tab counts read every ticket of every tab: they wait until the list's first rows are in (issue 24).
  const [countsWanted, setCountsWanted] = useState(false);
  const firstRowsIn = local !== undefined;
  useEffect(() => {
    if (firstRowsIn) setCountsWanted(true);
  }, [firstRowsIn]);
  const localCounts = useLiveQuery(
    () => (countsWanted ? localTabCounts(db, viewer, tabs, filter) : undefined),
    [countsWanted, db, viewer, tabs, filter],
  );

  // Not before the replica has said what it holds: a tab it holds whole never asks core.
  const fromServer =
    online && complete !== undefined && !holdsAll(tab, f, complete) && (tab !== "search" || f.search !== "");
  // Oldest first on a tab the replica does not hold whole (more tickets in progress than the first pull brings):
  // the replica holds the newest, so its oldest are not the tab's. Core's pages alone list it, in its order.
  const serverOnly = fromServer && orderOf(tab, f) === "ASC";
  const server = usePaged(key, fromServer, async (page) => {
    const res = await api.get<ListTicketsResponse>(`/tickets?${key}&pageNumber=${page}`);
    return { items: res.tickets.map(remoteRow), hasMore: res.hasMore, count: res.count };
  });

  const current = local?.key === key ? local : undefined;
  const localDone = current !== undefined && !current.hasMore;
  const localIds = useMemo(() => new Set(current?.rows.map((r) => r.ticket.id)), [current]);
  // Core's pages start at the newest ticket: those the replica already listed are skipped.
  const beyond = useMemo(
    () => (fromServer && localDone ? server.items.filter((r) => !localIds.has(r.ticket.id)) : []),
    [fromServer, localDone, server.items, localIds],
  );

  // A page of core's that only repeats the replica brings nothing new: fetch on until it does.
  const wanted = useRef(0);
  const { loadMore: serverMore, hasMore: serverHasMore, loading: serverLoading, loaded: serverLoaded } = server;
  useEffect(() => {
    if (localDone && fromServer && serverLoaded && !serverLoading && serverHasMore && beyond.length < wanted.current) {
      serverMore();
    }
  }, [localDone, fromServer, serverLoaded, serverLoading, serverHasMore, beyond.length, serverMore]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: another list starts wanting nothing
  useEffect(() => {
    wanted.current = 0;
  }, [key]);

  const shown = current?.rows.length;
  const loadMore = useCallback(() => {
    if (shown === undefined) return;
    if (!localDone) {
      // The page asked for last has not arrived yet: asking again would only repeat it.
      if (shown < take) return;
      setLimit({ key, value: take + LOCAL_PAGE });
    } else if (fromServer) {
      wanted.current = beyond.length + 1;
      if (serverLoaded && !serverLoading && serverHasMore) serverMore();
    }
  }, [shown, localDone, take, key, fromServer, beyond.length, serverLoaded, serverLoading, serverHasMore, serverMore]);

  const counts = useRemoteCounts(api, viewer, tabs, filter, online, complete, tab, fromServer ? server.count : null);
  const merged: Partial<Record<TicketTab, TabCount>> = {};
  for (const t of tabs) {
    const mine = localCounts?.[t];
    const theirs = counts[t];
    if (theirs !== undefined && theirs !== null) merged[t] = { value: Math.max(theirs, mine ?? 0), atLeast: false };
    else if (mine !== undefined) {
      const fx = effectiveFilter(viewer, t, filter);
      merged[t] = { value: mine, atLeast: !holdsAll(t, fx, complete) };
    }
  }

  const rows = useMemo(
    () => (serverOnly ? server.items : current ? [...current.rows, ...beyond] : []),
    [serverOnly, server.items, current, beyond],
  );
  const loadServerMore = useCallback(() => {
    if (serverLoaded && !serverLoading && serverHasMore) serverMore();
  }, [serverLoaded, serverLoading, serverHasMore, serverMore]);
  if (serverOnly) {
    return {
      key,
      rows,
      ready: serverLoaded || server.error !== null,
      hasMore: !serverLoaded || serverHasMore,
      loadingMore: serverLoaded && serverLoading,
      loadMore: loadServerMore,
      counts: merged,
      endOfReplica: false,
      pulled: complete != null,
      serverError: server.error,
    };
  }
  return {
    key,
    rows,
    ready: current !== undefined,
    hasMore: !localDone || (fromServer && (!serverLoaded || serverHasMore)),
    loadingMore: fromServer && localDone && serverLoading,
    loadMore,
    counts: merged,
    endOfReplica: !online && localDone && !holdsAll(tab, f, complete),
    pulled: complete != null,
    serverError: server.error,
  };
}

/**
 * Core's count for each tab the replica does not hold whole (online): the tab in view
 * passes its page's count; the others are asked once per filter.
 */
function useRemoteCounts(
  api: ApiClient,
  viewer: ListViewer,
  tabs: readonly TicketTab[],
  filter: TicketListFilter,
  online: boolean,
  complete: Complete | null | undefined,
  tab: TicketTab,
  tabCount: number | null,
): Partial<Record<TicketTab, number | null>> {
  const [others, setOthers] = useState<{ key: string; counts: Partial<Record<TicketTab, number>> }>({
    key: "",
    counts: {},
  });
  const wanted = online
    ? tabs.filter((t) => {
        const f = effectiveFilter(viewer, t, filter);
        return t !== tab && t !== "search" && complete != null && !holdsAll(t, f, complete);
      })
    : [];
  // The requests themselves are the key: the effect reads them back from it.
  const key = JSON.stringify(wanted.map((t) => [t, ticketsQuery(t, effectiveFilter(viewer, t, filter))]));
  useEffect(() => {
    const requests = JSON.parse(key) as [TicketTab, string][];
    if (requests.length === 0) return;
    let live = true;
    void Promise.all(
      requests.map(async ([t, q]) => [t, (await api.get<ListTicketsResponse>(`/tickets?${q}`)).count] as const),
    )
      .then((pairs) => live && setOthers({ key, counts: Object.fromEntries(pairs) }))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [key, api]);
  const result: Partial<Record<TicketTab, number | null>> = others.key === key ? { ...others.counts } : {};
  if (tabCount !== null) result[tab] = tabCount;
  return result;
}
