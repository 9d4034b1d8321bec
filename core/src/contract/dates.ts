// Calendar days in requests: a day that does not exist (2026-02-30) is refused by the
// contract, not left for PostgreSQL to reject with a 500.
import { z } from "zod";

/** The time zone days, office hours and reports are told in (spec 1 §9: America/Sao_Paulo), named once. */
export const BUSINESS_TIME_ZONE = "America/Sao_Paulo";

/** A moment's calendar and clock readings in the business time zone, as digits (four for the year, two for the rest). */
export type BusinessParts = { year: string; month: string; day: string; hour: string; minute: string; second: string };

const BUSINESS_CLOCK = new Intl.DateTimeFormat("en-GB", {
  timeZone: BUSINESS_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});

export function businessParts(d: Date): BusinessParts {
  const out: Record<string, string> = {};
  for (const p of BUSINESS_CLOCK.formatToParts(d)) out[p.type] = p.value;
  return out as BusinessParts;
}

const DAY_MESSAGE = "must be a day (yyyy-mm-dd)";

/** A real calendar day, yyyy-mm-dd; a longer ISO date-time is cut to its day first. */
export const zDayWith = (message: string) =>
  z
    .string({ error: message })
    .regex(/^\d{4}-\d{2}-\d{2}/, message)
    .transform((v) => v.slice(0, 10))
    .pipe(z.iso.date(message));

/** A calendar day with the default message. */
export const zDay = zDayWith(DAY_MESSAGE);
