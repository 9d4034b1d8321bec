// Reads of the ticket list from the local replica (spec 1 §2): one tab's tickets in order,
// filtered as core filters GET /tickets (core/src/tickets/ticket-list-filter.ts), a page at
// a time, with each tab's count. The replica holds only what this user may see, so only the
// list's own narrowing is applied here. Used through useLiveQuery: every pull and local
// change re-reads the page in view.
import type { TicketDTO, TicketStatus } from "@chatflow/core/contract/entities.ts";
import { Dexie } from "dexie";
import type { ChatflowDb } from "../store/db.ts";
import {
  effectiveFilter,
  isAdmin,
  type ListViewer,
  orderOf,
  type TicketListFilter,
  type TicketTab,
} from "./ticket-list-filter.ts";

/** Statuses nobody works: everyone of the queue sees them even without show-all. */
const SHARED: readonly TicketStatus[] = ["pending", "closed"];
/** What the search tab lists with no status filter: the tabs' statuses. */
const SEARCH_STATUSES: readonly TicketStatus[] = ["open", "pending", "group", "closed"];

type Predicate = (t: TicketDTO) => boolean;

type SearchMatches = { contactIds: Set<number>; ticketIds: Set<number> };

/**
 * The filter as a test on one ticket, or null when nothing narrows the tab (then the index
 * answers counts by itself). `f` is the effective filter (ticket-list-filter.ts); `matches`
 * what the search text found (searchMatches), in the search tab.
 */
export function ticketPredicate(
  viewer: ListViewer,
  tab: TicketTab,
  f: TicketListFilter,
  matches: SearchMatches | null,
): Predicate | null {
  const tests: Predicate[] = [];
  const owners = isAdmin(viewer) && f.userIds.length > 0 ? new Set(f.userIds) : null;
  // An admin naming owners asks for their tickets, which is showing all of them (as core does).
  if (!f.showAll && !owners) {
    tests.push((t) => t.userId === null || t.userId === viewer.id || SHARED.includes(t.status));
  }
  if (owners) tests.push((t) => t.userId !== null && owners.has(t.userId));
  if (f.queueIds.length > 0) {
    const queues = new Set(f.queueIds);
    const noQueue = viewer.allTicket === "enabled";
    tests.push((t) => (t.queueId === null ? noQueue : queues.has(t.queueId)));
  }
  if (f.whatsappIds.length > 0) {
    const connections = new Set(f.whatsappIds);
    tests.push((t) => t.whatsappId !== null && connections.has(t.whatsappId));
  }
  if (f.tagIds.length > 0) {
    const tags = new Set(f.tagIds);
    tests.push((t) => (t.tagIds ?? []).some((id) => tags.has(id)));
  }
  if (f.unreadOnly) tests.push((t) => t.unreadMessages > 0);
  if (tab === "search") {
    const statuses = new Set(f.statuses.length > 0 ? f.statuses : SEARCH_STATUSES);
    tests.push((t) => statuses.has(t.status));
    if (f.search && matches) {
      const { contactIds, ticketIds } = matches;
      tests.push((t) => contactIds.has(t.contactId) || ticketIds.has(t.id));
    }
  }
  if (tests.length === 0) return null;
  return (t) => tests.every((test) => test(t));
}

/**
 * Contacts whose name or number holds the text; with onMessages, tickets with a message
 * holding it. A chain of Dexie promises, never a native async function: awaiting one of those
 * inside a live query loses the query's zone, and with it every read made after it.
 */
function searchMatches(db: ChatflowDb, text: string, onMessages: boolean) {
  return db.contacts
    .filter((c) => c.name.toLowerCase().includes(text) || c.number.includes(text))
    .primaryKeys()
    .then((keys) => {
      const contactIds = new Set(keys as number[]);
      if (!onMessages) return { contactIds, ticketIds: new Set<number>() };
      return db.messages
        .filter((m) => m.body.toLowerCase().includes(text))
        .toArray()
        .then((found) => ({ contactIds, ticketIds: new Set(found.map((m) => m.ticketId)) }));
    });
}

/** What a tab's search text matches (null outside the search tab or without a text). */
const matchesFor = (db: ChatflowDb, tab: TicketTab, f: TicketListFilter) =>
  tab === "search" && f.search
    ? searchMatches(db, f.search, f.searchOnMessages)
    : Dexie.Promise.resolve<SearchMatches | null>(null);

/** One tab's tickets in the list's order (updatedAt, then id), before any filter. */
function tabCollection(db: ChatflowDb, tab: TicketTab, order: "ASC" | "DESC") {
  const range =
    tab === "search"
      ? db.tickets.orderBy("updatedAt")
      : db.tickets.where("[status+updatedAt]").between([tab, Dexie.minKey], [tab, Dexie.maxKey]);
  return order === "DESC" ? range.reverse() : range;
}

export type LocalPage = {
  /** The first `limit` tickets of the tab, in order. */
  tickets: TicketDTO[];
  /** The replica holds more of the tab beyond them. */
  hasMore: boolean;
};

// The reads below are chains of Dexie promises with no native `await` between them: a live
// query learns what to watch from the reads made in its zone, and code after a native await
// may run outside it (then later changes would not refresh the list).

export function localTicketPage(
  db: ChatflowDb,
  viewer: ListViewer,
  tab: TicketTab,
  f: TicketListFilter,
  limit: number,
): Promise<LocalPage> {
  return matchesFor(db, tab, f).then((matches) => {
    const predicate = ticketPredicate(viewer, tab, f, matches);
    const all = () => {
      const c = tabCollection(db, tab, orderOf(tab, f));
      return predicate ? c.filter(predicate) : c;
    };
    // One ticket past the page says whether there are more: counting the tab would read every one of its tickets
    // on each change (issue 24: the tab counts are read apart, localTabCounts).
    return all()
      .limit(limit + 1)
      .toArray()
      .then((tickets) => ({ tickets: tickets.slice(0, limit), hasMore: tickets.length > limit }));
  });
}

/**
 * Each tab's count in the replica under the list's filter (`filter` as the person set it:
 * each tab applies what it uses of it); the search tab counts only with a text.
 */
export function localTabCounts(
  db: ChatflowDb,
  viewer: ListViewer,
  tabs: readonly TicketTab[],
  filter: TicketListFilter,
): Promise<Partial<Record<TicketTab, number>>> {
  const counted = tabs.filter((tab) => tab !== "search" || effectiveFilter(viewer, tab, filter).search !== "");
  return Dexie.Promise.all(
    counted.map((tab) => {
      const f = effectiveFilter(viewer, tab, filter);
      return matchesFor(db, tab, f).then((matches) => {
        const predicate = ticketPredicate(viewer, tab, f, matches);
        const all = tabCollection(db, tab, "DESC");
        return (predicate ? all.filter(predicate) : all).count();
      });
    }),
  ).then((values) => Object.fromEntries(counted.map((tab, i) => [tab, values[i]!])));
}
