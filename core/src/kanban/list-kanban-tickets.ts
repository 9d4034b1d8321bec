// GET /ticket/kanban (spec 2 §7): the board's tickets, as the ticket list item shows them (TICKET_ITEM_TEXT, so
// a card has the contact, connection, user and tags), open or pending, last updated between startDate and endDate
// (whole days in the report time zone; both today by default, spec 2 §9), in the caller's own queues (spec 2 §6)
// narrowed to queueIds, and only those the caller may see (visibility.ts).

import type pg from "pg";
import type { Actor } from "../auth/authenticate.ts";
import { BUSINESS_TIME_ZONE } from "../contract/dates.ts";
import { KANBAN_STATUSES, KANBAN_TICKETS_LIMIT, type TKanbanTicketsQuery } from "../contract/kanban.ts";

import { TICKET_ITEM_JOINS, TICKET_ITEM_TEXT } from "../tickets/list-tickets.ts";
import { visibleTicketSql } from "../tickets/visibility.ts";

/** The queues the board reads: the caller's own, only those named when queueIds is given. */
export function kanbanQueueIds(actor: Pick<Actor, "queueIds">, requested?: number[]): number[] {
  return requested ? actor.queueIds.filter((id) => requested.includes(id)) : [...actor.queueIds];
}

/** Today in the report time zone, yyyy-mm-dd. */
export function todayInReportZone(now = new Date()): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: BUSINESS_TIME_ZONE }).format(now);
}

/** The tickets as a JSON array text, most recently updated first (presented by the route). */
export async function listKanbanTickets(pool: pg.Pool, actor: Actor, q: TKanbanTicketsQuery): Promise<string> {
  const queueIds = kanbanQueueIds(actor, q.queueIds);
  if (queueIds.length === 0) return "[]";
  const today = todayInReportZone();
  const params: unknown[] = [
    actor.companyId,
    queueIds,
    q.startDate ?? today,
    q.endDate ?? today,
    BUSINESS_TIME_ZONE,
    KANBAN_STATUSES,
    KANBAN_TICKETS_LIMIT,
  ];
  const visible = visibleTicketSql(actor, params);
  const { rows } = await pool.query<{ tickets: string }>(
    `SELECT '[' || COALESCE(string_agg(k.item, ',' ORDER BY k.updated_at DESC, k.id DESC), '') || ']' AS tickets FROM (
       SELECT ${TICKET_ITEM_TEXT} AS item, t.updated_at, t.id FROM tickets t ${TICKET_ITEM_JOINS}
       WHERE t.company_id = $1 AND t.queue_id = ANY($2::int[]) AND t.status = ANY($6::text[])
         AND t.updated_at >= ($3::date)::timestamp AT TIME ZONE $5
         AND t.updated_at < ($4::date + 1)::timestamp AT TIME ZONE $5
         AND ${visible}
       ORDER BY t.updated_at DESC, t.id DESC LIMIT $7) k`,
    params,
  );
  return rows[0]?.tickets ?? "[]";
}
