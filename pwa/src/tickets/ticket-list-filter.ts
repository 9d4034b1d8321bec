// The ticket list's tab and filters (spec 1 §2 controls), what each kind of user may use of
// them (§6), where they are kept (per user in localStorage: the spec is silent, decision 0032)
// and how they are asked of core (GET /tickets, §7).
import type { TicketStatus, UserDTO } from "@chatflow/core/contract/entities.ts";

/** The list's tabs: four statuses and the search mode (spec 1 §2, §4 "the tabs use ..."). */
export type TicketTab = "open" | "pending" | "group" | "closed" | "search";

/** Statuses the status filter offers (the search tab lists every status by default). */
export const FILTER_STATUSES = ["open", "pending", "group", "closed"] as const satisfies readonly TicketStatus[];

export type TicketListFilter = {
  /** Contact name or number (and message text with searchOnMessages); the search tab's text. */
  search: string;
  searchOnMessages: boolean;
  tagIds: number[];
  /** Owners (admins only). */
  userIds: number[];
  whatsappIds: number[];
  queueIds: number[];
  /** Statuses, in the search tab. */
  statuses: TicketStatus[];
  unreadOnly: boolean;
  /** updatedAt newest first (DESC) or oldest first; not offered on closed or search. */
  sort: "DESC" | "ASC";
  /** Other users' tickets in progress too (admins, users with allUserChat). */
  showAll: boolean;
};

export const EMPTY_FILTER: TicketListFilter = {
  search: "",
  searchOnMessages: false,
  tagIds: [],
  userIds: [],
  whatsappIds: [],
  queueIds: [],
  statuses: [],
  unreadOnly: false,
  sort: "DESC",
  showAll: false,
};

/** What of the signed-in user the list's rules read. */
export type ListViewer = Pick<UserDTO, "id" | "profile" | "allTicket" | "allowGroup" | "allUserChat">;

export const isAdmin = (v: ListViewer) => v.profile === "admin";
/** Spec 1 §6: the show-all toggle is for admins and users with allUserChat. */
export const mayShowAll = (v: ListViewer) => isAdmin(v) || v.allUserChat === "enabled";
/** Spec 1 §2: the group tab only for users with allowGroup. */
export const tabsFor = (v: ListViewer): TicketTab[] =>
  v.allowGroup ? ["open", "pending", "group", "closed", "search"] : ["open", "pending", "closed", "search"];

/** The sort control is not offered on closed nor in search (spec 1 §2); there it is newest first. */
export const sortOffered = (tab: TicketTab) => tab !== "closed" && tab !== "search";
export const orderOf = (tab: TicketTab, f: TicketListFilter) => (sortOffered(tab) ? f.sort : "DESC");

/**
 * The filter as this user may apply it: the user filter only for admins; show-all only for
 * who may use it, and never in a user's search (spec 1 §6).
 */
export function effectiveFilter(v: ListViewer, tab: TicketTab, f: TicketListFilter): TicketListFilter {
  return {
    ...f,
    userIds: isAdmin(v) ? f.userIds : [],
    showAll: mayShowAll(v) && f.showAll && (isAdmin(v) || tab !== "search"),
    statuses: tab === "search" ? f.statuses : [],
    search: tab === "search" ? f.search.trim().toLowerCase() : "",
  };
}

/** The number of filters narrowing the list (the filter button shows it). */
export function activeFilterCount(f: TicketListFilter): number {
  return (
    [f.tagIds, f.userIds, f.whatsappIds, f.queueIds, f.statuses].filter((a) => a.length > 0).length +
    (f.unreadOnly ? 1 : 0)
  );
}

/** GET /tickets's query (spec 1 §7) for a tab and an effective filter. */
export function ticketsQuery(tab: TicketTab, f: TicketListFilter, cursor?: string | null): string {
  const q = new URLSearchParams();
  if (tab !== "search") q.set("status", tab);
  if (f.search) q.set("searchParam", f.search);
  if (f.search && f.searchOnMessages) q.set("searchOnMessages", "true");
  if (f.showAll) q.set("showAll", "true");
  const ids = (name: string, a: readonly (number | string)[]) => a.length > 0 && q.set(name, JSON.stringify(a));
  ids("tags", f.tagIds);
  ids("users", f.userIds);
  ids("whatsappIds", f.whatsappIds);
  ids("queueIds", f.queueIds);
  ids("statusFilter", f.statuses);
  if (f.unreadOnly) q.set("withUnreadMessages", "true");
  q.set("sortTickets", orderOf(tab, f));
  if (cursor) q.set("cursor", cursor);
  return q.toString();
}

const storageKey = (userId: number) => `chatflow.ticketList.${userId}`;

export type StoredListState = { tab: TicketTab; filter: TicketListFilter };

/**
 * Where a user starts the list with nothing stored: the open tab, and for admins show-all on, as the
 * products this spec describes do (an admin looks after everyone's conversations; without it an
 * admin who holds no ticket opens an empty inbox). The spec is silent on the default (decision 0045).
 */
export const defaultListState = (v: Pick<ListViewer, "profile">): StoredListState => ({
  tab: "open",
  filter: { ...EMPTY_FILTER, showAll: v.profile === "admin" },
});

/** The tab and filters this user left the list with (search text is not kept). */
export function loadListState(v: Pick<ListViewer, "id" | "profile">, storage: Storage = localStorage): StoredListState {
  try {
    const raw = storage.getItem(storageKey(v.id));
    if (!raw) return defaultListState(v);
    const parsed = JSON.parse(raw) as Partial<StoredListState>;
    const filter = { ...EMPTY_FILTER, ...parsed.filter, search: "" };
    const tab = parsed.tab && parsed.tab !== "search" ? parsed.tab : "open";
    return { tab, filter };
  } catch {
    return defaultListState(v);
  }
}

export function saveListState(userId: number, state: StoredListState, storage: Storage = localStorage): void {
  try {
    storage.setItem(storageKey(userId), JSON.stringify({ tab: state.tab, filter: { ...state.filter, search: "" } }));
  } catch {
    // A full or blocked storage only costs the remembered filters.
  }
}
