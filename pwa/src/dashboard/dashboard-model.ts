// The dashboard screen's rules, apart from React (spec 1 §2, §5): the filter and its query, NPS shares, the
// charts' bars and the attendants' spreadsheet rows. Figures come computed from core (decision 0059).
import type {
  DashboardAttendantDTO,
  DashboardCountersDTO,
  DashboardTicketsDayDTO,
} from "@chatflow/core/contract/dashboard.ts";
import type { BarDatum } from "../ui/charts.tsx";

export type DashboardTab = "indicators" | "nps" | "attendants";
export const DASHBOARD_TABS: readonly DashboardTab[] = ["indicators", "nps", "attendants"];

/** What the person typed: days and/or dates (yyyy-mm-dd); empty strings are "not given". */
export type DashboardFilter = { days: string; startDate: string; endDate: string };

/** The screen opens on the last 30 days. */
export const DEFAULT_FILTER: DashboardFilter = { days: "30", startDate: "", endDate: "" };

/** GET /dashboard's query for a filter, or "required" when nothing is given (spec 1 §5: 'Parametrize o filtro'). */
export function dashboardQuery(f: DashboardFilter): { query: string } | { error: "required" } {
  const params = new URLSearchParams();
  const days = f.days.trim();
  if (f.startDate) params.set("date_from", f.startDate);
  if (f.endDate) params.set("date_to", f.endDate);
  // Dates win over days (as on the server); days alone are the last N days.
  if (!f.startDate && !f.endDate && days) params.set("days", days);
  if ([...params.keys()].length === 0) return { error: "required" };
  return { query: params.toString() };
}

/** A chart's period (both dates required by GET /dashboard/ticketsUsers and /ticketsDay). */
export function rangeQuery(startDate: string, endDate: string): string | null {
  if (!startDate || !endDate) return null;
  return new URLSearchParams({ initialDate: startDate, finalDate: endDate }).toString();
}

/** Each NPS class as a share (percent, whole) of the rated calls; zeros when nothing was rated. */
export function npsShares(c: Pick<DashboardCountersDTO, "npsPromoters" | "npsNeutrals" | "npsDetractors">): {
  promoters: number;
  neutral: number;
  detractors: number;
} {
  const rated = c.npsPromoters + c.npsNeutrals + c.npsDetractors;
  const pct = (n: number) => (rated === 0 ? 0 : Math.round((100 * n) / rated));
  return { promoters: pct(c.npsPromoters), neutral: pct(c.npsNeutrals), detractors: pct(c.npsDetractors) };
}

/** The NPS score's tone: below 0 bad, up to 50 fair, above good. */
export function npsTone(score: number | null): "danger" | "warning" | "success" | "primary" {
  if (score === null) return "primary";
  if (score < 0) return "danger";
  return score <= 50 ? "warning" : "success";
}

export function ticketsPerUserBars(rows: readonly DashboardAttendantDTO[]): BarDatum[] {
  return rows.map((r) => ({ id: r.id, label: r.name, value: r.tickets }));
}

/** Days shown as dd/mm, hours as "08h". */
export function ticketsPerDayBars(d: DashboardTicketsDayDTO): BarDatum[] {
  return d.count.map((c) => ({
    label: d.unit === "hour" ? `${c.label}h` : `${c.label.slice(8, 10)}/${c.label.slice(5, 7)}`,
    value: c.total,
  }));
}

export type SheetHeaders = Record<
  "name" | "rating" | "countRating" | "tickets" | "avgWaitTime" | "avgSupportTime" | "online",
  string
> & { isOnline: string; isOffline: string };

/** The attendants table as spreadsheet rows: the header, then one row per attendant (numbers stay numbers). */
export function attendantsSheet(rows: readonly DashboardAttendantDTO[], h: SheetHeaders): (string | number | null)[][] {
  return [
    [h.name, h.rating, h.countRating, h.tickets, h.avgWaitTime, h.avgSupportTime, h.online],
    ...rows.map((r) => [
      r.name,
      r.rating,
      r.countRating,
      r.tickets,
      r.avgWaitTime,
      r.avgSupportTime,
      r.online ? h.isOnline : h.isOffline,
    ]),
  ];
}

/** The device's date today (yyyy-mm-dd): the charts' default end. */
export function localDay(date: Date = new Date()): string {
  const m = String(date.getMonth() + 1).padStart(2, "0");
  return `${date.getFullYear()}-${m}-${String(date.getDate()).padStart(2, "0")}`;
}

/** The day `n` days before `today` (yyyy-mm-dd), for the charts' default periods. */
export function daysBefore(today: string, n: number): string {
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - n);
  return d.toISOString().slice(0, 10);
}

/** Where the last answers are kept (the cache table), per company and query. */
export const cacheKey = (companyId: number, what: "main" | "users" | "days") => `dashboard:${companyId}:${what}`;
