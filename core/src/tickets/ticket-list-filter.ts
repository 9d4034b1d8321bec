// Turns a GET /tickets query into SQL conditions over `tickets t`: the caller's
// visibility, the default narrowing of the list, and each filter. Conditions
// that read only counter columns (status, queue, owner, group) are marked
// `counted`: ticket-counts.ts can answer them from the maintained counters.

import { BUSINESS_TIME_ZONE } from "../contract/dates.ts";
import type { TicketStatus } from "../contract/entities.ts";
import { likePattern } from "../kernel/like-pattern.ts";
import { numberMatchSql } from "../presenters/mask-number.ts";
import type { TListTicketsQuery } from "./ticket-list-query.ts";
import { TICKET_STATUSES } from "./ticket-list-query.ts";
import { SHARED_STATUSES, type VisibilityActor, visibleTicketSql } from "./visibility.ts";

/** One AND-ed condition; `sql` appends its parameters to `params` and answers the SQL. */
export type TicketClause = { counted: boolean; sql(params: unknown[]): string };

/**
 * One ordered range of an index that the list reads: a status, and possibly one
 * owner (tickets_owner) or one queue (tickets_queue), where null is "none". The
 * list is the union of its slices, filtered by its clauses.
 */
export type TicketSlice = { status: TicketStatus; owner?: number | null; queue?: number | null };

export type TicketListFilter = {
  /** The statuses listed. */
  statuses: TicketStatus[];
  /** Where they are read from: their union is the list (before the clauses filter it). */
  slices: TicketSlice[];
  clauses: TicketClause[];
  order: "ASC" | "DESC";
  /** Same key, same list in the same order: what page boundaries and cursors are bound to. */
  key: string;
};

export type ListActor = VisibilityActor & { companyId: number };

const bind = (params: unknown[], value: unknown, cast: string) => {
  params.push(value);
  return `$${params.length}::${cast}`;
};

const isAdmin = (a: VisibilityActor) => a.profile === "admin";

/**
 * `hideNumbers`: the caller reads contact numbers masked (LGPD), so the search matches a number only on its
 * visible digits (decision 0039).
 */
export function compileTicketFilter(actor: ListActor, q: TListTicketsQuery, hideNumbers: boolean): TicketListFilter {
  const clauses: TicketClause[] = [];
  const statuses = TICKET_STATUSES.filter(
    (s) => (!q.status || q.status === s) && (!q.statusFilter || q.statusFilter.includes(s)),
  );
  const owners = isAdmin(actor) ? mergeIds(q.users, q.userFilter) : undefined;
  // show-all is for admins and users with allUserChat; a user's search never shows all.
  // An admin naming owners asks for their tickets, which is showing all of them.
  const showAll =
    (isAdmin(actor) && (q.showAll || owners !== undefined)) ||
    (actor.allUserChat === "enabled" && q.showAll && !q.searchParam);

  clauses.push({ counted: true, sql: (p) => visibleTicketSql(actor, p, "t") });
  if (!showAll) {
    // The default view is the caller's own work: other users' tickets in progress stay out.
    const shared = SHARED_STATUSES.map((s) => `'${s}'`).join(", ");
    clauses.push({
      counted: true,
      sql: (p) => `(t.user_id IS NULL OR t.user_id = ${bind(p, actor.id, "int")} OR t.status IN (${shared}))`,
    });
  }
  if (q.queueIds) {
    const queueIds = q.queueIds;
    const noQueue = actor.allTicket === "enabled" ? " OR t.queue_id IS NULL" : "";
    clauses.push({ counted: true, sql: (p) => `(t.queue_id = ANY(${bind(p, queueIds, "int[]")})${noQueue})` });
  }
  if (owners) clauses.push({ counted: true, sql: (p) => `t.user_id = ANY(${bind(p, owners, "int[]")})` });

  const connections = mergeIds(q.whatsapps, q.whatsappIds);
  if (connections) {
    clauses.push({ counted: false, sql: (p) => `t.whatsapp_id = ANY(${bind(p, connections, "int[]")})` });
  }
  if (q.tags) {
    const tags = q.tags;
    clauses.push({
      counted: false,
      sql: (p) =>
        `EXISTS (SELECT 1 FROM ticket_tags tt WHERE tt.ticket_id = t.id AND tt.tag_id = ANY(${bind(p, tags, "int[]")}))`,
    });
  }
  if (q.withUnreadMessages) clauses.push({ counted: false, sql: () => "t.unread_messages > 0" });
  if (q.date) clauses.push({ counted: false, sql: (p) => onDay("t.created_at", bind(p, q.date, "date")) });
  if (q.updatedAt) clauses.push({ counted: false, sql: (p) => onDay("t.updated_at", bind(p, q.updatedAt, "date")) });
  if (q.searchParam) {
    const pattern = likePattern(q.searchParam);
    const onMessages = q.searchOnMessages;
    clauses.push({
      counted: false,
      sql: (p) => {
        const s = bind(p, pattern, "text");
        // Contacts first (trigram indexes), then their tickets (tickets_contact). Every query
        // of the list binds the company as $1: uncorrelated, the contacts are read once.
        const contacts = `t.contact_id IN (SELECT c.id FROM contacts c WHERE c.company_id = $1::int
          AND (lower(c.name) LIKE ${s} OR ${numberMatchSql("c", s, hideNumbers)}))`;
        if (!onMessages) return contacts;
        return `(${contacts} OR EXISTS (SELECT 1 FROM messages m WHERE m.ticket_id = t.id AND m.company_id = t.company_id AND lower(m.body) LIKE ${s}))`;
      },
    });
  }

  // Oldest-first is not offered on closed tickets or in search (spec 1 §2).
  const order = q.sortTickets === "ASC" && q.status !== "closed" && !q.searchParam ? "ASC" : "DESC";
  const key = JSON.stringify([
    actor.companyId,
    statuses,
    order,
    showAll,
    q.queueIds,
    owners,
    connections,
    q.tags,
    q.withUnreadMessages,
    q.date,
    q.updatedAt,
    q.searchParam,
    q.searchOnMessages,
    hideNumbers,
  ]);
  const slices = slicesOf(actor, { statuses, showAll, owners, queueIds: q.queueIds });
  return { statuses, slices, clauses, order, key };
}

/** More slices than this and one range per status, filtered, is cheaper. */
const MAX_SLICES = 24;

/**
 * Where each status's tickets are read from: ranges that hold every ticket the
 * clauses may keep, so that a page never filters its way through tickets the
 * caller cannot see (an agent's own tickets among 800,000 open ones).
 */
function slicesOf(
  actor: ListActor,
  f: { statuses: TicketStatus[]; showAll: boolean; owners?: number[]; queueIds?: number[] },
): TicketSlice[] {
  const admin = isAdmin(actor);
  const noQueue = actor.allTicket === "enabled";
  const perStatus = (status: TicketStatus): TicketSlice[] => {
    if (f.owners) return f.owners.map((owner) => ({ status, owner }));
    // Without show-all, nobody else's tickets in progress: the caller's own and unowned ones.
    if (!f.showAll && !(SHARED_STATUSES as readonly string[]).includes(status)) {
      return [
        { status, owner: actor.id },
        { status, owner: null },
      ];
    }
    if (admin) {
      if (!f.queueIds) return [{ status }];
      return [...f.queueIds.map((queue) => ({ status, queue })), ...(noQueue ? [{ status, queue: null }] : [])];
    }
    // Closed tickets of every queue are visible with allHistoric: the whole status.
    if (status === "closed" && actor.allHistoric === "enabled") return [{ status }];
    const queues = f.queueIds ? actor.queueIds.filter((q) => f.queueIds!.includes(q)) : actor.queueIds;
    return [
      { status, owner: actor.id },
      ...queues.map((queue) => ({ status, queue })),
      // Tickets without queue are in scope with allTicket, and group ones with allowGroup.
      ...(noQueue || actor.allowGroup ? [{ status, queue: null }] : []),
    ];
  };
  const slices = f.statuses.flatMap(perStatus);
  return slices.length <= MAX_SLICES ? slices : f.statuses.map((status) => ({ status }));
}

function mergeIds(a: number[] | undefined, b: number[] | undefined): number[] | undefined {
  if (!a && !b) return undefined;
  return [...new Set([...(a ?? []), ...(b ?? [])])].sort((x, y) => x - y);
}

/** `column` falls on `day` (a bound date) in BUSINESS_TIME_ZONE. */
function onDay(column: string, day: string): string {
  const tz = `'${BUSINESS_TIME_ZONE}'`;
  return `(${column} >= (${day}::timestamp AT TIME ZONE ${tz})
    AND ${column} < ((${day} + 1)::timestamp AT TIME ZONE ${tz}))`;
}
