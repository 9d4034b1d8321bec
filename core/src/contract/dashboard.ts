// The dashboard (spec 1 §2 "Dashboard (/)", §3 "Dashboard counters", §7 "Dashboard"): the query filters of
// GET /dashboard, /dashboard/ticketsUsers and /dashboard/ticketsDay and the shapes they answer. How each
// figure is computed is docs/decisions/0059-dashboard-figures.md.
import { z } from "zod";
import { zDayWith } from "./dates.ts";

/** spec 1 §5: at least one of days, start date, end date, else this message. */
export const DASHBOARD_FILTER_MESSAGE = "Parametrize o filtro";
/** The longest period asked for (days): a bound on what one request may scan. */
export const DASHBOARD_MAX_DAYS = 366;
/** A period of this many days or fewer is drawn per hour in the tickets chart (spec 1 §2: per day or per hour). */
export const HOURLY_MAX_DAYS = 1;

const zDays = z
  .union(
    [
      z.number(),
      z
        .string()
        .trim()
        .regex(/^\d{1,4}$/, "Invalid days"),
    ],
    { error: "Invalid days" },
  )
  .transform(Number)
  .pipe(z.number().int("Invalid days").min(1, "Invalid days").max(DASHBOARD_MAX_DAYS, "Invalid days"));

const day = zDayWith("Invalid date");
const dayOf = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / 86_400_000;

/** GET /dashboard: the period of the indicators and NPS tabs. */
export const ZDashboardQuerySchema = z
  .object({
    /** The last N days, today included (America/Sao_Paulo). */
    days: zDays.optional(),
    /** First day counted (yyyy-mm-dd); alone, the period runs to today. */
    date_from: day.optional(),
    /** Last day counted, inclusive; alone, the period is the 30 days ending that day. */
    date_to: day.optional(),
  })
  .refine((q) => q.days !== undefined || q.date_from !== undefined || q.date_to !== undefined, {
    message: DASHBOARD_FILTER_MESSAGE,
    path: ["days"],
  })
  .refine((q) => !q.date_from || !q.date_to || q.date_from <= q.date_to, {
    message: "date_from is after date_to",
    path: ["date_to"],
  })
  .refine((q) => !q.date_from || !q.date_to || dayOf(q.date_to) - dayOf(q.date_from) < DASHBOARD_MAX_DAYS, {
    message: `At most ${DASHBOARD_MAX_DAYS} days`,
    path: ["date_to"],
  });
export type TDashboardQuery = z.infer<typeof ZDashboardQuerySchema>;

/** GET /dashboard/ticketsUsers and /dashboard/ticketsDay: the period of one chart (companyId is the caller's). */
export const ZDashboardRangeQuerySchema = z
  .object({
    /** First day (yyyy-mm-dd, or an ISO date-time cut to its day). */
    initialDate: zDayWith(DASHBOARD_FILTER_MESSAGE),
    /** Last day, inclusive. */
    finalDate: zDayWith(DASHBOARD_FILTER_MESSAGE),
  })
  .refine((q) => q.initialDate <= q.finalDate, { message: "initialDate is after finalDate", path: ["finalDate"] })
  .refine((q) => dayOf(q.finalDate) - dayOf(q.initialDate) < DASHBOARD_MAX_DAYS, {
    message: `At most ${DASHBOARD_MAX_DAYS} days`,
    path: ["finalDate"],
  });
export type TDashboardRangeQuery = z.infer<typeof ZDashboardRangeQuerySchema>;

/** One attendant's row (spec 1 §2 Atendentes): the table and the tickets-per-user chart. */
export type DashboardAttendantDTO = {
  id: number;
  name: string;
  /** Average of the ratings of the attendant's tickets, on the stored 1..5 scale (2 decimals); null with none. */
  rating: number | null;
  countRating: number;
  tickets: number;
  /** Minutes (1 decimal); null when no ticket of the attendant has the figure. */
  avgWaitTime: number | null;
  avgSupportTime: number | null;
  online: boolean;
};

export type DashboardCountersDTO = {
  /** Tickets created in the period and now open (in attendance), pending (waiting), closed, group. */
  supportHappening: number;
  supportPending: number;
  supportFinished: number;
  supportGroups: number;
  /** New contacts (not groups) created in the period. */
  leads: number;
  /** Attendants online now / all users of the company. */
  usersOnline: number;
  usersTotal: number;
  /** Messages received (from contacts) and sent (by the company) in the period and today; notes not counted. */
  receivedMessages: number;
  receivedMessagesToday: number;
  sentMessages: number;
  sentMessagesToday: number;
  /** Minutes (1 decimal): accept to close, creation to first accept; null when no ticket has it. */
  avgSupportTime: number | null;
  avgWaitTime: number | null;
  /** Tickets started by an attendant / by the contact. */
  activeTickets: number;
  passiveTickets: number;
  /** NPS (0..10 scale, see the decision): rated tickets by class, and the score -100..100. */
  npsPromoters: number;
  npsNeutrals: number;
  npsDetractors: number;
  npsScore: number | null;
  /** Tickets of the period; awaiting the contact's rating; closed without a rating; rated. */
  totalTickets: number;
  waitRating: number;
  withoutRating: number;
  withRating: number;
  /** Rated share of the finished calls, percent (1 decimal); null with none finished. */
  percRating: number | null;
};

export type DashboardDTO = {
  /** The period counted (yyyy-mm-dd, inclusive, America/Sao_Paulo). */
  dateFrom: string;
  dateTo: string;
  counters: DashboardCountersDTO;
  attendants: DashboardAttendantDTO[];
};

export type DashboardTicketsUsersDTO = { data: DashboardAttendantDTO[] };

/** Tickets created per day (label yyyy-mm-dd) or, for a one-day period, per hour (label "00".."23"); zeros kept. */
export type DashboardTicketsDayDTO = { unit: "day" | "hour"; count: { label: string; total: number }[] };
