// Due dates are calendar days; "today" is the day in the product's business
// time zone (spec 1 §9: America/Sao_Paulo), so a company expires at the same
// moment whatever the server's clock zone.
import { BUSINESS_TIME_ZONE } from "../contract/dates.ts";

const DAY = new Intl.DateTimeFormat("en-CA", {
  timeZone: BUSINESS_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** Today as yyyy-mm-dd in the business time zone. */
export function businessToday(now: Date = new Date()): string {
  return DAY.format(now);
}

/** A yyyy-mm-dd date moved by whole days. */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
