// Use case: one page of the ticket list (GET /tickets), as the list item shows
// each ticket (spec 1 §2), with hasMore, the list's count and a cursor to the
// next page. Pages are keyset reads (ticket-page-cursor.ts) of index ranges
// chosen per caller and filter (ticket-list-filter.ts, slices); the count comes
// from ticket-counts.ts.
import { createHash } from "node:crypto";
import pg from "pg";
import { TICKET_LIST_COLUMNS, TICKET_LIST_JOIN, type TicketListRow } from "../presenters/ticket-list-item.ts";
import { afterCount, countSql } from "./ticket-counts.ts";
import { compileTicketFilter, type ListActor, type TicketListFilter, type TicketSlice } from "./ticket-list-filter.ts";
import type { TListTicketsQuery } from "./ticket-list-query.ts";
import { decodeCursor, encodeCursor, type PageBoundary, type PageBoundaryCache } from "./ticket-page-cursor.ts";

const pgTypes = pg.types;

/** Tickets per page: the original product's page size (spec 1 §9 leaves it unnamed). */
export const TICKETS_PAGE_SIZE = 40;

/** The joins TICKET_ITEM_JSON reads, from `tickets t`. */
export const TICKET_ITEM_JOINS = `JOIN contacts c ON c.id = t.contact_id AND c.company_id = t.company_id
  LEFT JOIN queues q ON q.id = t.queue_id AND q.company_id = t.company_id
  LEFT JOIN users u ON u.id = t.user_id AND u.company_id = t.company_id
  LEFT JOIN whatsapps w ON w.id = t.whatsapp_id AND w.company_id = t.company_id
  LEFT JOIN LATERAL (SELECT json_agg(json_build_object('id', g.id, 'name', g.name, 'color', g.color)
      ORDER BY g.name, g.id) AS tags, json_agg(g.id ORDER BY g.id) AS tag_ids
    FROM ticket_tags tt JOIN tags g ON g.id = tt.tag_id AND g.company_id = tt.company_id
    WHERE tt.ticket_id = t.id AND tt.company_id = t.company_id) tg ON true
  LEFT JOIN LATERAL (SELECT r.rate FROM user_ratings r WHERE r.ticket_id = t.id AND r.company_id = t.company_id
    ORDER BY r.created_at DESC, r.id DESC LIMIT 1) rt ON true`;

/**
 * A ticket as the list item shows it (spec 1 §2, §3 Ticket): the sync row's fields plus
 * protocol, useIntegration, its contact, queue, owner, connection, tags and latest
 * rating. Dates are ISO 8601.
 */
export const TICKET_ITEM_JSON = `json_build_object(
  'id', t.id, 'uuid', t.uuid, 'status', t.status, 'channel', t.channel, 'isGroup', t.is_group, 'isBot', t.is_bot,
  'contactId', t.contact_id, 'queueId', t.queue_id, 'userId', t.user_id, 'whatsappId', t.whatsapp_id,
  'unreadMessages', t.unread_messages, 'lastMessage', t.last_message, 'companyId', t.company_id,
  'createdAt', t.created_at, 'updatedAt', t.updated_at, 'protocol', t.protocol, 'useIntegration', t.use_integration,
  'contact', json_build_object('id', c.id, 'name', c.name, 'number', c.number, 'urlPicture', c.url_picture,
    'isGroup', c.is_group),
  'queue', CASE WHEN q.id IS NULL THEN NULL ELSE json_build_object('id', q.id, 'name', q.name, 'color', q.color) END,
  'user', CASE WHEN u.id IS NULL THEN NULL ELSE json_build_object('id', u.id, 'name', u.name) END,
  'whatsapp', CASE WHEN w.id IS NULL THEN NULL ELSE json_build_object('id', w.id, 'name', w.name,
    'channel', w.channel, 'groupAsTicket', w.group_as_ticket) END,
  'tags', COALESCE(tg.tags, '[]'::json), 'tagIds', COALESCE(tg.tag_ids, '[]'::json), 'rating', rt.rate,
  'userRating', CASE WHEN rt.rate IS NULL THEN NULL ELSE json_build_object('rate', rt.rate) END)`;

/**
 * TICKET_ITEM_JSON's text for the list, written by concatenation: json_build_object looks up how to write each of
 * its ~40 arguments on every row, which was most of PostgreSQL's CPU per page; here only free text goes through
 * to_json (its escaping) and numbers, booleans (cast: `::text` writes true/false) and uuids are written as they
 * are (decision 0044). The same keys and values (ticket-item-text.test.ts).
 */
export const TICKET_ITEM_TEXT = `('{"id":' || t.id || ',"uuid":"' || t.uuid || '","status":' || to_json(t.status)
  || ',"channel":' || to_json(t.channel) || ',"isGroup":' || t.is_group::text || ',"isBot":' || t.is_bot::text
  || ',"contactId":' || t.contact_id || ',"queueId":' || COALESCE(t.queue_id::text, 'null')
  || ',"userId":' || COALESCE(t.user_id::text, 'null') || ',"whatsappId":' || COALESCE(t.whatsapp_id::text, 'null')
  || ',"unreadMessages":' || COALESCE(t.unread_messages::text, 'null')
  || ',"lastMessage":' || COALESCE(to_json(t.last_message)::text, 'null') || ',"companyId":' || t.company_id
  || ',"createdAt":' || to_json(t.created_at) || ',"updatedAt":' || to_json(t.updated_at)
  || ',"protocol":' || COALESCE(to_json(t.protocol)::text, 'null')
  || ',"useIntegration":' || COALESCE(t.use_integration::text, 'null')
  || ',"contact":{"id":' || c.id || ',"name":' || COALESCE(to_json(c.name)::text, 'null')
  || ',"number":' || COALESCE(to_json(c.number)::text, 'null')
  || ',"urlPicture":' || COALESCE(to_json(c.url_picture)::text, 'null') || ',"isGroup":' || c.is_group::text || '}'
  || ',"queue":' || CASE WHEN q.id IS NULL THEN 'null' ELSE '{"id":' || q.id || ',"name":'
    || COALESCE(to_json(q.name)::text, 'null') || ',"color":' || COALESCE(to_json(q.color)::text, 'null') || '}' END
  || ',"user":' || CASE WHEN u.id IS NULL THEN 'null' ELSE '{"id":' || u.id || ',"name":'
    || COALESCE(to_json(u.name)::text, 'null') || '}' END
  || ',"whatsapp":' || CASE WHEN w.id IS NULL THEN 'null' ELSE '{"id":' || w.id || ',"name":'
    || COALESCE(to_json(w.name)::text, 'null') || ',"channel":' || COALESCE(to_json(w.channel)::text, 'null')
    || ',"groupAsTicket":' || COALESCE(to_json(w.group_as_ticket)::text, 'null') || '}' END
  || ',"tags":' || COALESCE(tg.tags::text, '[]') || ',"tagIds":' || COALESCE(tg.tag_ids::text, '[]')
  || ',"rating":' || COALESCE(rt.rate::text, 'null')
  || ',"userRating":' || CASE WHEN rt.rate IS NULL THEN 'null' ELSE '{"rate":' || rt.rate || '}' END || '}')`;

/**
 * One ticket's item as JSON text (TICKET_ITEM_TEXT, the list's), for GET /tickets/u/{uuid} and the answers of the
 * transitions (ticketView); undefined when the company has no such ticket. Visibility is the caller's to check first.
 */
export async function ticketItemText(
  db: pg.ClientBase | pg.Pool,
  companyId: number,
  ticketId: number,
): Promise<string | undefined> {
  const { rows } = await db.query<{ item: string }>({
    name: "ticket-item-text",
    text: `SELECT ${TICKET_ITEM_TEXT} AS item FROM tickets t ${TICKET_ITEM_JOINS} WHERE t.id = $1 AND t.company_id = $2`,
    values: [ticketId, companyId],
  });
  return rows[0]?.item;
}

export type TicketListPage = {
  /** The page's tickets as plain rows, in the list's order (ticket-list-item.ts presents them). */
  rows: TicketListRow[];
  hasMore: boolean;
  count: number;
  /** Opens the next page (null on the last one). */
  nextCursor: string | null;
};

/** Where the page starts: after a boundary (keyset), or OFFSET rows into the list (cold). */
type Start = { page: number; after?: PageBoundary; offset: number };

export async function listTickets(
  pool: pg.Pool,
  actor: ListActor,
  query: TListTicketsQuery,
  cache: PageBoundaryCache,
  hideNumbers: boolean,
): Promise<TicketListPage> {
  const filter = compileTicketFilter(actor, query, hideNumbers);
  const start = resolveStart(actor, query, filter, cache);
  if (filter.statuses.length === 0) return { rows: [], hasMore: false, count: 0, nextCursor: null };
  const { rows, count } = await readPage(pool, actor.companyId, filter, start);
  const hasMore = rows.length > TICKETS_PAGE_SIZE;
  const page = hasMore ? rows.slice(0, TICKETS_PAGE_SIZE) : rows;
  let nextCursor: string | null = null;
  if (hasMore) {
    const last = page.at(-1)!;
    // updatedAt as PostgreSQL wrote it (its text, to the microsecond): what the next page compares with.
    const boundary = { updatedAt: last.updatedAt, id: last.id };
    cache.set(actor.id, filter.key, start.page + 1, boundary);
    nextCursor = encodeCursor(filter.key, start.page + 1, boundary);
  }
  return { rows: page, hasMore, count, nextCursor };
}

function resolveStart(actor: ListActor, q: TListTicketsQuery, filter: TicketListFilter, cache: PageBoundaryCache) {
  if (q.cursor) {
    const { page, boundary } = decodeCursor(filter.key, q.cursor);
    return { page, after: boundary, offset: 0 };
  }
  const page = q.pageNumber;
  if (page === 1) return { page, offset: 0 };
  const after = cache.get(actor.id, filter.key, page);
  return after ? { page, after, offset: 0 } : { page, offset: (page - 1) * TICKETS_PAGE_SIZE };
}

/**
 * Timestamps as PostgreSQL's text: the page boundary compares with it to the microsecond (a Date would cut it to the
 * millisecond), and the item writes it as to_json would (jsonTimestamp) without a Date in between.
 */
const TIMESTAMPTZ_OID = 1184;
const TEXT_TIMESTAMPS = {
  getTypeParser: ((oid: number, format?: "text" | "binary") =>
    oid === TIMESTAMPTZ_OID ? (v: string) => v : pgTypes.getTypeParser(oid, format)) as typeof pgTypes.getTypeParser,
};

/** The columns the page reads of a ticket before its contact is joined (TICKET_LIST_COLUMNS needs these). */
const PAGE_TICKET_COLUMNS = `t.id, t.uuid, t.status, t.channel, t.is_group, t.is_bot, t.contact_id, t.queue_id,
  t.user_id, t.whatsapp_id, t.unread_messages, t.last_message, t.company_id, t.created_at, t.updated_at, t.protocol,
  t.use_integration, t.xmin`;

/**
 * The page and the count in one statement. Keyset pages are prepared per
 * connection (their text depends only on which filters are used and every value
 * is a parameter) so PostgreSQL plans them once, not on every request.
 */
async function readPage(
  pool: pg.Pool,
  companyId: number,
  filter: TicketListFilter,
  start: Start,
): Promise<{ rows: TicketListRow[]; count: number }> {
  const params: unknown[] = [companyId];
  const count = countSql(filter, params);
  const conditions = ["t.company_id = $1", ...filter.clauses.map((c) => c.sql(params))];
  const dir = filter.order;
  if (start.after) {
    params.push(start.after.updatedAt, start.after.id);
    const n = params.length;
    conditions.push(`(t.updated_at, t.id) ${dir === "DESC" ? "<" : ">"} ($${n - 1}::timestamptz, $${n}::int)`);
  }
  const where = conditions.join(" AND ");
  const order = (a: string) => `${a}.updated_at ${dir}, ${a}.id ${dir}`;
  // Constants, not parameters: a generic plan guesses a parameter LIMIT at a tenth of the
  // table and hash-joins all of it. An OFFSET page (the cold path) is planned each time.
  const take = TICKETS_PAGE_SIZE + 1;
  const offset = Math.trunc(start.offset);
  // One slice's first page reads the tickets' rows in the same index walk; the other pages find their ids first
  // (an OFFSET page skips index entries only, never rows) and read each row once found.
  const direct = filter.slices.length === 1 && offset === 0;
  const slice = (s: TicketSlice, limit: string) => {
    params.push(s.status);
    const sql = `SELECT ${direct ? PAGE_TICKET_COLUMNS : "t.id, t.updated_at"} FROM tickets t WHERE t.status = $${params.length}::text`;
    const column = s.owner !== undefined ? "t.user_id" : s.queue !== undefined ? "t.queue_id" : undefined;
    if (!column) return `${sql} AND ${where} ORDER BY ${order("t")} ${limit}`;
    const value = s.owner !== undefined ? s.owner : s.queue;
    let range = `${column} IS NULL`;
    if (value !== null) {
      params.push(value);
      range = `${column} = $${params.length}::int`;
    }
    // Ordering by the owner (or queue) too, one value here, is what only tickets_owner (or
    // tickets_queue) yields in order: the planner reads that range, not the whole status.
    const by = dir === "DESC" ? column : `${column} DESC NULLS FIRST`;
    return `${sql} AND ${range} AND ${where} ORDER BY ${by}, ${order("t")} ${limit}`;
  };
  // Slices may overlap (an agent's own ticket in their queue): UNION keeps one of each. Each
  // slice gives its first offset + take tickets; the page is found among them.
  const ids =
    filter.slices.length === 1
      ? slice(filter.slices[0]!, `LIMIT ${take} OFFSET ${offset}`)
      : `SELECT p.id, p.updated_at FROM (${filter.slices.map((s) => `(${slice(s, `LIMIT ${offset + take}`)})`).join(" UNION ")}) p
        ORDER BY ${order("p")} LIMIT ${take} OFFSET ${offset}`;
  const source = direct ? `(${ids}) t` : `(${ids}) x JOIN tickets t ON t.id = x.id AND t.company_id = $1`;
  // Plain columns: the item is built in core (ticket-list-item.ts); the names it shows come from the company cache.
  const text = `SELECT k.n, k.deltas, x.* FROM (${count}) k LEFT JOIN (
      SELECT ${TICKET_LIST_COLUMNS} FROM ${source} ${TICKET_LIST_JOIN}) x ON true
    ORDER BY x."updatedAt" ${dir}, x.id ${dir}`;
  const { rows } = await pool.query<TicketListRow & { n: number; deltas: number }>(
    offset === 0
      ? { name: statementName(text), text, values: params, types: TEXT_TIMESTAMPS }
      : { text, values: params, types: TEXT_TIMESTAMPS },
  );
  const head = rows[0]!;
  afterCount(pool, companyId, head.deltas);
  return { rows: head.id === null ? [] : rows, count: head.n };
}

const names = new Map<string, string>();

/** A prepared statement's name: a digest of its text (remembered; texts are few). */
export function statementName(text: string): string {
  let name = names.get(text);
  if (!name) {
    name = `tickets-${createHash("sha256").update(text).digest("base64url").slice(0, 22)}`;
    if (names.size > 5000) names.clear();
    names.set(text, name);
  }
  return name;
}
