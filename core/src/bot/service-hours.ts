// Service hours (spec 2 §3 schedules, §4): is a moment inside a queue's windows?
// Hours are read in the business time zone (decision 0041), whatever the server's zone.
import { BUSINESS_TIME_ZONE } from "../companies/business-date.ts";
import type { QueueSchedule } from "../contract/queues.ts";

const CLOCK = new Intl.DateTimeFormat("en-US", {
  timeZone: BUSINESS_TIME_ZONE,
  weekday: "long",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** The weekday key (monday...) and HH:MM of `now` in the business time zone. */
export function businessClock(now: Date): { weekdayEn: string; time: string } {
  const parts = Object.fromEntries(CLOCK.formatToParts(now).map((p) => [p.type, p.value]));
  return { weekdayEn: String(parts.weekday).toLowerCase(), time: `${parts.hour}:${parts.minute}` };
}

/** start <= time <= end at minute precision (08:00-12:00 includes 12:00); an incomplete window is unused. */
const inWindow = (time: string, start: string, end: string) => Boolean(start && end) && start <= time && time <= end;

/**
 * True when `now` falls in window A or B of its weekday. A queue with no hours set
 * is always open; with hours set, a weekday without an entry or windows is closed.
 */
export function withinServiceHours(schedules: readonly QueueSchedule[], now: Date): boolean {
  if (schedules.length === 0) return true;
  const { weekdayEn, time } = businessClock(now);
  const day = schedules.find((s) => s.weekdayEn === weekdayEn);
  if (!day) return false;
  return inWindow(time, day.startTimeA, day.endTimeA) || inWindow(time, day.startTimeB, day.endTimeB);
}
