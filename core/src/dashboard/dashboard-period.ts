// The days a dashboard filter names (decision 0059): whole days in the report time zone (spec 1 §9,
// America/Sao_Paulo), first and last included.

import type { TDashboardQuery } from "../contract/dashboard.ts";
import { BUSINESS_TIME_ZONE } from "../contract/dates.ts";

export type Period = { from: string; to: string };

/** Today's date (yyyy-mm-dd) in the report time zone. */
export function reportToday(now: Date = new Date()): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: BUSINESS_TIME_ZONE }).format(now);
}

/** `day` moved by `n` days (calendar arithmetic, no time zone involved). */
export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** Days of a range, both ends included. */
export function daysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
  return out;
}

/** Length of a period named by the end date alone. */
export const DEFAULT_PERIOD_DAYS = 30;

/**
 * days: the last N days, today included. date_from and date_to: as given. date_from alone: to today.
 * date_to alone: the 30 days ending that day. With days and dates both given, the dates win.
 */
export function periodOf(q: TDashboardQuery, today = reportToday()): Period {
  if (q.date_from || q.date_to) {
    const to = q.date_to ?? (q.date_from! > today ? q.date_from! : today);
    const from = q.date_from ?? addDays(to, -(DEFAULT_PERIOD_DAYS - 1));
    return { from, to };
  }
  return { from: addDays(today, -((q.days ?? 1) - 1)), to: today };
}
