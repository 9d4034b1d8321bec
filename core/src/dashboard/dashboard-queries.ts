// The dashboard's figures (spec 1 §2 "Dashboard (/)", §3 "Dashboard counters"), read with hand-written SQL:
// every statement is bounded by the caller's company and the period's creation times (index
// tickets_company_created, migration 0057). How each figure is defined: docs/decisions/0059-dashboard-figures.md.

import type pg from "pg";
import type { Actor } from "../auth/authenticate.ts";
import {
  DASHBOARD_MAX_DAYS,
  type DashboardAttendantDTO,
  type DashboardCountersDTO,
  type DashboardDTO,
  type DashboardTicketsDayDTO,
  type DashboardTicketsUsersDTO,
  HOURLY_MAX_DAYS,
  type TDashboardQuery,
  type TDashboardRangeQuery,
} from "../contract/dashboard.ts";
import { BUSINESS_TIME_ZONE } from "../contract/dates.ts";
import { invalidInput } from "../kernel/errors.ts";
import { transaction } from "../kernel/transaction.ts";

import { daysBetween, type Period, periodOf, reportToday } from "./dashboard-period.ts";
import { authorizeDashboard } from "./dashboard-policy.ts";

/** The period's bounds as timestamps: $2 the first day's midnight, $3 the midnight after the last day. */
const FROM = "($2::date)::timestamp AT TIME ZONE $4";
const TO = "($3::date + 1)::timestamp AT TIME ZONE $4";

/**
 * One row per ticket the company created in the period, with what its log and rating say: the first accept
 * (an 'open' or 'receivedTransfer' entry), whether an attendant started it (its 'create' entry names a user),
 * and its latest rating. The period's tickets are read by creation time; their log entries and ratings as one
 * range of ticket ids each (ids grow with creation, so the range is about the period's), joined by id: no probe
 * per ticket. Parameters: $1 company, $2 first day, $3 last day, $4 time zone. Defines the CTE `f`.
 */
export const TICKET_FACTS = `
  pt AS MATERIALIZED (
    SELECT t.id, t.status, t.user_id, t.created_at, t.closed_at FROM tickets t
    WHERE t.company_id = $1 AND t.created_at >= ${FROM} AND t.created_at < ${TO}),
  ids AS (SELECT min(pt.id) AS lo, max(pt.id) AS hi FROM pt),
  lg AS (
    SELECT l.ticket_id, min(l.created_at) FILTER (WHERE l.type IN ('open', 'receivedTransfer')) AS accepted_at,
      bool_or(l.type = 'create' AND l.user_id IS NOT NULL) AS active
    FROM ids JOIN ticket_logs l ON l.company_id = $1 AND l.ticket_id BETWEEN ids.lo AND ids.hi
    GROUP BY l.ticket_id),
  rt AS (
    SELECT DISTINCT ON (ur.ticket_id) ur.ticket_id, ur.rate
    FROM ids JOIN user_ratings ur ON ur.company_id = $1 AND ur.ticket_id BETWEEN ids.lo AND ids.hi
    ORDER BY ur.ticket_id, ur.id DESC),
  f AS (
    SELECT pt.id, pt.status, pt.user_id, pt.created_at, pt.closed_at, lg.accepted_at,
      coalesce(lg.active, false) AS active, rt.rate
    FROM pt LEFT JOIN lg ON lg.ticket_id = pt.id LEFT JOIN rt ON rt.ticket_id = pt.id)`;

/** Minutes, one decimal, of an interval's average in seconds; NULL stays NULL. */
const minutes = (avgSeconds: string) => `round((${avgSeconds} / 60)::numeric, 1)::float8`;
/** Service: accept to close, for closed tickets with an accept. */
const SUPPORT_SECONDS = `avg(extract(epoch FROM f.closed_at - f.accepted_at))
  FILTER (WHERE f.status = 'closed' AND f.closed_at >= f.accepted_at)`;
/** Waiting: creation to first accept, for tickets the contact started (an attendant's own start waits for no one). */
const WAIT_SECONDS = "avg(extract(epoch FROM f.accepted_at - f.created_at)) FILTER (WHERE NOT f.active)";
/** A stored rating (1..5, the question's scale) on the NPS scale 0..10: 1 -> 0, 3 -> 5, 5 -> 10; no rating, NULL. */
const NPS10 = "(CASE WHEN f.rate IS NOT NULL THEN (least(greatest(f.rate, 1), 5) - 1) * 2.5 END)";

function checkLength(p: Period): Period {
  if (daysBetween(p.from, p.to).length > DASHBOARD_MAX_DAYS) {
    throw invalidInput(`At most ${DASHBOARD_MAX_DAYS} days`, "date_from");
  }
  return p;
}

/** The per-attendant aggregate of the facts `f`, and every user of the company joined to it (busiest first). */
const ATTENDANTS = `
  s AS (
    SELECT f.user_id, count(*)::int AS tickets, count(f.rate)::int AS "countRating",
      round(avg(f.rate)::numeric, 2)::float8 AS rating,
      ${minutes(SUPPORT_SECONDS)} AS "avgSupportTime",
      ${minutes(WAIT_SECONDS)} AS "avgWaitTime"
    FROM f WHERE f.user_id IS NOT NULL GROUP BY f.user_id),
  a AS (
    SELECT u.id, u.name, s.rating, coalesce(s."countRating", 0) AS "countRating", coalesce(s.tickets, 0) AS tickets,
      s."avgWaitTime", s."avgSupportTime", u.online
    FROM users u LEFT JOIN s ON s.user_id = u.id
    WHERE u.company_id = $1)`;
const ATTENDANTS_ORDER = "a.tickets DESC, lower(a.name), a.id";

type TicketCounters = Omit<
  DashboardCountersDTO,
  | "leads"
  | "usersOnline"
  | "usersTotal"
  | "receivedMessages"
  | "receivedMessagesToday"
  | "sentMessages"
  | "sentMessagesToday"
  | "npsScore"
  | "percRating"
>;

/**
 * Runs the per-ticket pass with JIT off: its cost estimate (a probe per ticket) crosses PostgreSQL's JIT threshold,
 * and compiling took seconds while the pass itself takes a fraction of that (decision 0059, measured).
 */
async function withoutJit<T>(pool: pg.Pool, run: (client: pg.ClientBase) => Promise<T>): Promise<T> {
  return transaction(
    pool,
    async (client) => {
      await client.query("SET LOCAL jit = off");
      return run(client);
    },
    { readOnly: true },
  );
}

/** GET /dashboard: the counters of the period and the attendants' table, from one pass over its tickets. */
export async function loadDashboard(
  pool: pg.Pool,
  actor: Actor,
  q: TDashboardQuery,
  today = reportToday(),
): Promise<DashboardDTO> {
  authorizeDashboard(actor);
  const period = checkLength(periodOf(q, today));
  const params = [actor.companyId, period.from, period.to, BUSINESS_TIME_ZONE];
  const [tickets, others] = await Promise.all([
    withoutJit(pool, (client) =>
      client.query<{ counters: TicketCounters; attendants: DashboardAttendantDTO[] }>(
        `WITH ${TICKET_FACTS},
         c AS (
           SELECT count(*) FILTER (WHERE f.status = 'open')::int AS "supportHappening",
             count(*) FILTER (WHERE f.status = 'pending')::int AS "supportPending",
             count(*) FILTER (WHERE f.status = 'closed')::int AS "supportFinished",
             count(*) FILTER (WHERE f.status = 'group')::int AS "supportGroups",
             ${minutes(SUPPORT_SECONDS)} AS "avgSupportTime",
             ${minutes(WAIT_SECONDS)} AS "avgWaitTime",
             count(*) FILTER (WHERE f.active)::int AS "activeTickets",
             count(*) FILTER (WHERE NOT f.active)::int AS "passiveTickets",
             count(*) FILTER (WHERE ${NPS10} >= 9)::int AS "npsPromoters",
             count(*) FILTER (WHERE ${NPS10} >= 7 AND ${NPS10} < 9)::int AS "npsNeutrals",
             count(*) FILTER (WHERE ${NPS10} < 7)::int AS "npsDetractors",
             count(*)::int AS "totalTickets",
             count(*) FILTER (WHERE f.status = 'nps')::int AS "waitRating",
             count(*) FILTER (WHERE f.status = 'closed' AND f.rate IS NULL)::int AS "withoutRating",
             count(f.rate)::int AS "withRating"
           FROM f),
         ${ATTENDANTS}
         SELECT (SELECT to_json(c) FROM c) AS counters,
           (SELECT coalesce(json_agg(a ORDER BY ${ATTENDANTS_ORDER}), '[]') FROM a) AS attendants`,
        params,
      ),
    ),
    pool.query<{
      leads: number;
      usersOnline: number;
      usersTotal: number;
      receivedMessages: number;
      sentMessages: number;
      receivedMessagesToday: number;
      sentMessagesToday: number;
    }>(
      `SELECT
         (SELECT count(*)::int FROM contacts c
          WHERE c.company_id = $1 AND NOT c.is_group AND c.created_at >= ${FROM} AND c.created_at < ${TO}) AS leads,
         (SELECT count(*) FILTER (WHERE u.online)::int FROM users u WHERE u.company_id = $1) AS "usersOnline",
         (SELECT count(*)::int FROM users u2 WHERE u2.company_id = $1) AS "usersTotal",
         m.received AS "receivedMessages", m.sent AS "sentMessages",
         d.received AS "receivedMessagesToday", d.sent AS "sentMessagesToday"
       FROM (SELECT count(*) FILTER (WHERE NOT msg.from_me)::int AS received,
               count(*) FILTER (WHERE msg.from_me)::int AS sent
             FROM messages msg
             WHERE msg.company_id = $1 AND NOT msg.is_private
               AND msg.created_at >= ${FROM} AND msg.created_at < ${TO}) m,
            (SELECT count(*) FILTER (WHERE NOT md.from_me)::int AS received,
               count(*) FILTER (WHERE md.from_me)::int AS sent
             FROM messages md
             WHERE md.company_id = $1 AND NOT md.is_private
               AND md.created_at >= ($5::date)::timestamp AT TIME ZONE $4
               AND md.created_at < ($5::date + 1)::timestamp AT TIME ZONE $4) d`,
      [...params, today],
    ),
  ]);
  const { counters: t, attendants } = tickets.rows[0]!;
  const rated = t.npsPromoters + t.npsNeutrals + t.npsDetractors;
  const finished = t.withRating + t.withoutRating;
  return {
    dateFrom: period.from,
    dateTo: period.to,
    counters: {
      ...t,
      ...others.rows[0]!,
      npsScore: rated === 0 ? null : Math.round((100 * (t.npsPromoters - t.npsDetractors)) / rated),
      percRating: finished === 0 ? null : Math.round((1000 * t.withRating) / finished) / 10,
    },
    attendants,
  };
}

/** GET /dashboard/ticketsUsers: the attendants' rows for one chart's period. */
export async function loadTicketsUsers(
  pool: pg.Pool,
  actor: Actor,
  q: TDashboardRangeQuery,
): Promise<DashboardTicketsUsersDTO> {
  authorizeDashboard(actor);
  const { rows } = await withoutJit(pool, (client) =>
    client.query<DashboardAttendantDTO>(
      `WITH ${TICKET_FACTS}, ${ATTENDANTS}
       SELECT a.* FROM a ORDER BY ${ATTENDANTS_ORDER}`,
      [actor.companyId, q.initialDate, q.finalDate, BUSINESS_TIME_ZONE],
    ),
  );
  return { data: rows };
}

/** GET /dashboard/ticketsDay: tickets created per day, or per hour of a one-day period; empty slots are 0. */
export async function loadTicketsDay(
  db: pg.Pool | pg.ClientBase,
  actor: Actor,
  q: TDashboardRangeQuery,
): Promise<DashboardTicketsDayDTO> {
  authorizeDashboard(actor);
  const days = daysBetween(q.initialDate, q.finalDate);
  const unit = days.length <= HOURLY_MAX_DAYS ? "hour" : "day";
  const { rows } = await db.query<{ label: string; total: number }>(
    `SELECT to_char(t.created_at AT TIME ZONE $4, $5) AS label, count(*)::int AS total
     FROM tickets t
     WHERE t.company_id = $1 AND t.created_at >= ${FROM} AND t.created_at < ${TO}
     GROUP BY 1`,
    [actor.companyId, q.initialDate, q.finalDate, BUSINESS_TIME_ZONE, unit === "hour" ? "HH24" : "YYYY-MM-DD"],
  );
  const totals = new Map(rows.map((r) => [r.label, r.total]));
  const labels = unit === "hour" ? Array.from({ length: 24 }, (_, h) => String(h).padStart(2, "0")) : days;
  return { unit, count: labels.map((label) => ({ label, total: totals.get(label) ?? 0 })) };
}
