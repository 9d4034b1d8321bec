// @vitest-environment jsdom
// The list's sources (decision 0032) where the replica does not hold a whole tab (the first pull brings at most
// 10,000 tickets in progress): newest first it shows the replica's rows, then core's pages beyond them; oldest
// first it lists core's pages alone, since the replica's oldest are not the tab's oldest.
import "fake-indexeddb/auto";
import type { ListTicketsResponse, TicketListItemDTO } from "@chatflow/core/contract/tickets.ts";
import { act, cleanup, renderHook, waitFor } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { ChatflowDb } from "../store/db.ts";
import { setMeta } from "../store/meta.ts";
import { buildTicket, testDb } from "../test-support/factories.ts";
import { BASE_URL, testApi } from "../test-support/fake-core.ts";
import { mockNetworkForFile } from "../test-support/mock-network.ts";
import { EMPTY_FILTER, type ListViewer, type TicketListFilter } from "./ticket-list-filter.ts";
import { FIRST_PAGE, useTicketList } from "./use-ticket-list.ts";

const server = mockNetworkForFile();
const admin: ListViewer = {
  id: 1,
  profile: "admin",
  allTicket: "disabled",
  allowGroup: false,
  allUserChat: "disabled",
};
const TABS = ["open", "pending", "closed", "search"] as const;
const at = (day: number) => `2025-01-${String(day).padStart(2, "0")}T10:00:00.000Z`;

/** Core's open tab: tickets 1..30, one a day, in the asked order, 10 a page. */
const CORE = Array.from({ length: 30 }, (_, i) =>
  buildTicket({ id: i + 1, status: "open", userId: 1, updatedAt: at(i + 1) }),
);
const item = (t: (typeof CORE)[number]): TicketListItemDTO =>
  ({
    ...t,
    contact: { id: t.contactId, name: `Contato ${t.id}`, number: "55", urlPicture: null, isGroup: false },
    queue: null,
    user: { id: 1, name: "Admin" },
    whatsapp: null,
    tags: [],
    userRating: null,
  }) as unknown as TicketListItemDTO;

let db: ChatflowDb;
let asked: URL[];

beforeEach(async () => {
  db = testDb();
  asked = [];
  // The replica holds the newest ten (21..30) and knows it does not hold every ticket in progress.
  await db.tickets.bulkPut(CORE.slice(20));
  await setMeta(db, "ticketsComplete", { inProgress: false, closed: true });
  server.use(
    http.get(`${BASE_URL}/tickets`, ({ request }) => {
      const url = new URL(request.url);
      asked.push(url);
      const asc = url.searchParams.get("sortTickets") === "ASC";
      const page = Number(url.searchParams.get("pageNumber") ?? 1);
      const ordered = asc ? CORE : [...CORE].reverse();
      const tickets = ordered.slice((page - 1) * 10, page * 10).map(item);
      return HttpResponse.json({ tickets, count: 30, hasMore: page * 10 < 30 } satisfies Partial<ListTicketsResponse>);
    }),
  );
});

// Unmounted before the next test's handlers: a count asked late would reach none.
afterEach(() => cleanup());

const render = (filter: TicketListFilter) =>
  renderHook(() => useTicketList(db, testApi(), admin, TABS, "open", filter, true));
/** The other tabs' counts (asked without a page) have been answered, so none goes out after the test. */
const countsAsked = () => waitFor(() => expect(asked.some((u) => !u.searchParams.has("pageNumber"))).toBe(true));
const ids = (rows: { ticket: { id: number } }[]) => rows.map((r) => r.ticket.id);

describe("#ticketList.sources", () => {
  it("newest first: the replica's rows at once, then core's pages beyond them", async () => {
    const { result } = render({ ...EMPTY_FILTER, showAll: true });
    await waitFor(() => expect(ids(result.current.rows)).toEqual([30, 29, 28, 27, 26, 25, 24, 23, 22, 21]));
    act(() => result.current.loadMore());
    await waitFor(() => expect(ids(result.current.rows).slice(10, 13)).toEqual([20, 19, 18]));
    await countsAsked();
  });

  it("oldest first: core's pages alone, from the oldest ticket, page after page", async () => {
    const { result } = render({ ...EMPTY_FILTER, showAll: true, sort: "ASC" });
    await waitFor(() => expect(result.current.ready).toBe(true));
    expect(ids(result.current.rows)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    const pages = asked.filter((u) => u.searchParams.has("pageNumber"));
    expect(pages.map((u) => u.searchParams.get("sortTickets"))).toEqual(["ASC"]);
    expect(result.current.hasMore).toBe(true);
    act(() => result.current.loadMore());
    await waitFor(() => expect(ids(result.current.rows)).toHaveLength(20));
    expect(ids(result.current.rows).slice(10)).toEqual([11, 12, 13, 14, 15, 16, 17, 18, 19, 20]);
    await countsAsked();
  });

  it("oldest first on a tab the replica holds whole: the replica alone, without asking core", async () => {
    await setMeta(db, "ticketsComplete", { inProgress: true, closed: true });
    const { result } = render({ ...EMPTY_FILTER, showAll: true, sort: "ASC" });
    await waitFor(() => expect(ids(result.current.rows)).toEqual([21, 22, 23, 24, 25, 26, 27, 28, 29, 30]));
    expect(result.current.hasMore).toBe(false);
    expect(asked.filter((u) => u.searchParams.get("sortTickets") === "ASC")).toEqual([]);
  });
});

describe("#ticketList.firstPage", () => {
  it("reads what a screen shows first, then a step more each time the list asks; counts once the rows are in", async () => {
    // The replica holds 60 tickets of the open tab, all of them (no page of core's is wanted).
    await db.tickets.bulkPut(
      Array.from({ length: 60 }, (_, i) => buildTicket({ id: 101 + i, status: "open", userId: 1, updatedAt: at(1) })),
    );
    await setMeta(db, "ticketsComplete", { inProgress: true, closed: true });
    const { result } = render({ ...EMPTY_FILTER, showAll: true });
    await waitFor(() => expect(result.current.rows).toHaveLength(FIRST_PAGE));
    expect(result.current.hasMore).toBe(true);
    await waitFor(() => expect(result.current.counts.open).toEqual({ value: 70, atLeast: false }));
    act(() => result.current.loadMore());
    await waitFor(() => expect(result.current.rows).toHaveLength(70));
    expect(result.current.hasMore).toBe(false);
    expect(asked).toEqual([]);
  });
});
