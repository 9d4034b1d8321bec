// GET /ticketreport/reports (spec 3 §2 "Reports", §7): a page of the caller's company's tickets with the
// filters of the reports screen and the total. Admins read every ticket of the company; everyone else the tickets
// the inbox's visibility rule shows them (visibility.ts), with LGPD masking (decision 0072).
//
// Speed on big companies: the period is a range on created_at and the page is ordered by it, so PostgreSQL walks
// tickets_company_created (company_id, created_at) backwards and stops after the page (every other filter is
// checked on the rows it walks); the total counts the same index range. Filters are appended only when given, so
// each plan sees only the conditions that matter.

import type pg from "pg";
import type { Actor } from "../auth/authenticate.ts";
import { BUSINESS_TIME_ZONE } from "../contract/dates.ts";
import type { TicketReportDTO, TicketReportRowDTO, TTicketReportQuery } from "../contract/reports.ts";
import { likePattern } from "../kernel/like-pattern.ts";
import { numberMatchSql } from "../presenters/mask-number.ts";
import { presentContact } from "../presenters/present-contact.ts";
import { loadViewer, type Viewer } from "../presenters/viewer.ts";
import { visibleTicketSql } from "../tickets/visibility.ts";

type Row = Omit<TicketReportRowDTO, "contactName"> & { contactName: string; number: string; isGroup: boolean };

/** The WHERE clause for the caller and the query, parameters appended to `params`. */
export function reportFilterSql(actor: Actor, viewer: Viewer, q: TTicketReportQuery, params: unknown[]): string {
  params.push(actor.companyId);
  const where = ["t.company_id = $1"];
  const add = (value: unknown, sql: (p: string) => string) => {
    params.push(value);
    where.push(sql(`$${params.length}`));
  };
  if (q.dateFrom || q.dateTo) params.push(BUSINESS_TIME_ZONE);
  const tz = `$${params.length}`;
  // created_at IS NOT NULL holds for every row; it lets the planner take the partial index (migration 0063).
  if (q.dateFrom || q.dateTo) where.push("t.created_at IS NOT NULL");
  if (q.dateFrom) add(q.dateFrom, (p) => `t.created_at >= (${p}::date)::timestamp AT TIME ZONE ${tz}`);
  if (q.dateTo) add(q.dateTo, (p) => `t.created_at < (${p}::date + 1)::timestamp AT TIME ZONE ${tz}`);
  if (q.contactId) add(q.contactId, (p) => `t.contact_id = ${p}`);
  if (q.whatsappId) add(q.whatsappId, (p) => `t.whatsapp_id = ANY(${p}::int[])`);
  if (q.users) add(q.users, (p) => `t.user_id = ANY(${p}::int[])`);
  if (q.queueIds) add(q.queueIds, (p) => `t.queue_id = ANY(${p}::int[])`);
  if (q.status) add(q.status, (p) => `t.status::text = ANY(${p}::text[])`);
  if (q.onlyRated) {
    where.push("EXISTS (SELECT 1 FROM user_ratings ur WHERE ur.company_id = t.company_id AND ur.ticket_id = t.id)");
  }
  if (q.searchParam) {
    // A contact named by its number shows the masked number as its name: its name is searched as a number then.
    const byName = viewer.hideNumbers ? "(c.name <> c.number OR c.is_group) AND " : "";
    add(
      likePattern(q.searchParam),
      (p) => `((${byName}lower(c.name) LIKE ${p}) OR ${numberMatchSql("c", p, viewer.hideNumbers)})`,
    );
  }
  const visible = visibleTicketSql(actor, params, "t");
  if (visible !== "true") where.push(visible);
  return where.join(" AND ");
}

/** A contact with no name of its own is named by its number: masked like the number for who may not read it. */
function presentRow(viewer: Viewer, { number, isGroup, ...row }: Row): TicketReportRowDTO {
  const shown = presentContact(viewer, { number, isGroup });
  const contactName = row.contactName === number ? shown.number : row.contactName;
  return { ...row, contactName };
}

export async function loadTicketReport(pool: pg.Pool, actor: Actor, q: TTicketReportQuery): Promise<TicketReportDTO> {
  const viewer = await loadViewer(pool, actor);
  const params: unknown[] = [];
  const where = reportFilterSql(actor, viewer, q, params);
  // The contact is joined for the search only when there is one (the count need not read contacts otherwise).
  const contactJoin = "JOIN contacts c ON c.id = t.contact_id AND c.company_id = t.company_id";
  const countSql = `SELECT count(*)::int AS n FROM tickets t ${q.searchParam ? contactJoin : ""} WHERE ${where}`;
  const offset = (q.page - 1) * q.pageSize;
  const pageSql = `SELECT t.id, t.uuid, t.status, t.last_message AS "lastMessage", t.created_at AS "createdAt",
      t.closed_at AS "closedAt",
      CASE WHEN t.closed_at IS NULL THEN NULL
        ELSE GREATEST(0, floor(extract(epoch FROM t.closed_at - t.created_at)))::int END AS "supportTime",
      w.name AS "whatsappName", c.name AS "contactName", c.number, c.is_group AS "isGroup",
      u.name AS "userName", q.name AS "queueName", r.rate AS "NPS"
    FROM tickets t ${contactJoin}
      LEFT JOIN whatsapps w ON w.id = t.whatsapp_id AND w.company_id = t.company_id
      LEFT JOIN users u ON u.id = t.user_id AND u.company_id = t.company_id
      LEFT JOIN queues q ON q.id = t.queue_id AND q.company_id = t.company_id
      LEFT JOIN LATERAL (SELECT ur.rate FROM user_ratings ur WHERE ur.company_id = t.company_id AND ur.ticket_id = t.id
        ORDER BY ur.id DESC LIMIT 1) r ON true
    WHERE ${where}
    ORDER BY t.created_at DESC, t.id DESC LIMIT ${q.pageSize} OFFSET ${offset}`;
  const [count, page] = await Promise.all([
    pool.query<{ n: number }>(countSql, params),
    pool.query<Row>(pageSql, params),
  ]);
  return {
    tickets: page.rows.map((r) => presentRow(viewer, r)),
    totalTickets: { total: count.rows[0]?.n ?? 0 },
  };
}
