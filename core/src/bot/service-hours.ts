// Service hours (spec 2 §3 schedules, §4): is a moment inside a queue's windows?
// Hours are read in the business time zone (decision 0041), whatever the server's zone.

import { BUSINESS_TIME_ZONE, businessParts } from "../contract/dates.ts";
import type { QueueSchedule } from "../contract/queues.ts";
import { businessToday } from "../kernel/business-date.ts";

const CLOCK = new Intl.DateTimeFormat("en-US", {
  timeZone: BUSINESS_TIME_ZONE,
  weekday: "long",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/**
 * One remembered answer per function: a batch of inbound messages asks the same minute for every ticket, and
 * Intl's formatting costs far more than the rules themselves.
 */
function lastMinute<T>(compute: (now: Date) => T): (now: Date) => T {
  let memo: { minute: number; value: T } | undefined;
  return (now) => {
    const minute = Math.floor(now.getTime() / 60_000);
    if (memo?.minute !== minute) memo = { minute, value: compute(now) };
    return memo.value;
  };
}

/** The weekday key (monday...) and HH:MM of `now` in the business time zone. */
export const businessClock = lastMinute((now: Date): { weekdayEn: string; time: string } => {
  const parts = Object.fromEntries(CLOCK.formatToParts(now).map((p) => [p.type, p.value]));
  return { weekdayEn: String(parts.weekday).toLowerCase(), time: `${parts.hour}:${parts.minute}` };
});

const todayOf = lastMinute(businessToday);

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

const WEEK = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"];
const MINUTE = 60_000;
const DAY_MS = 24 * 60 * MINUTE;

/** `now` as a wall-clock reading in the business zone, written as if it were UTC (minute precision). */
const wallClock = lastMinute((now: Date): number => {
  const p = businessParts(now);
  return Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute));
});

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/**
 * When the closed period `now` falls in began: the minute after the last window that ended before `now` (within
 * the past week), or the epoch when no window ever opens. Null while open. The out-of-hours message goes out once
 * per ticket per closed period: again only when the ticket's last one is older than this (decision 0046).
 */
export function closedSince(schedules: readonly QueueSchedule[], now: Date): Date | null {
  if (withinServiceHours(schedules, now)) return null;
  const wall = wallClock(now);
  // The zone's offset now; São Paulo keeps one all year, so it holds for the past week as well.
  const offset = wall - Math.floor(now.getTime() / MINUTE) * MINUTE;
  const today = Math.floor(wall / DAY_MS) * DAY_MS;
  let latest = Number.NEGATIVE_INFINITY;
  for (let back = 0; back <= 7; back++) {
    const dayStart = today - back * DAY_MS;
    const weekdayEn = WEEK[new Date(dayStart).getUTCDay()];
    const day = schedules.find((s) => s.weekdayEn === weekdayEn);
    if (!day) continue;
    for (const [start, end] of [
      [day.startTimeA, day.endTimeA],
      [day.startTimeB, day.endTimeB],
    ] as const) {
      if (!start || !end || start > end) continue;
      const closedAt = dayStart + (minutesOf(end) + 1) * MINUTE;
      if (closedAt <= wall && closedAt > latest) latest = closedAt;
    }
    if (latest > Number.NEGATIVE_INFINITY) break;
  }
  return latest === Number.NEGATIVE_INFINITY ? new Date(0) : new Date(latest - offset);
}

/** True when the ticket should get the out-of-hours message now: closed, and not yet told in this closed period. */
export function outOfHoursDue(schedules: readonly QueueSchedule[], now: Date, sentAt: Date | null): boolean {
  const since = closedSince(schedules, now);
  return since !== null && (sentAt === null || sentAt < since);
}

/**
 * The collective vacation (spec 2 §3 Connection) holds on `now`'s business date, start and end included, when a
 * message and both dates are set. Dates are yyyy-mm-dd.
 */
export function onCollectiveVacation(
  v: { message: string | null; start: string | null; end: string | null },
  now: Date,
): boolean {
  if (!v.message?.trim() || !v.start || !v.end) return false;
  const today = todayOf(now);
  return v.start <= today && today <= v.end;
}

/** Once per vacation: a ticket told before the vacation's first day is told again. */
export function vacationDue(start: string, sentAt: Date | null): boolean {
  return sentAt === null || businessToday(sentAt) < start;
}

/**
 * An agent's own hours (spec 1 §3 User startWork/endWork, default 00:00-23:59), ends included; a start after the
 * end is a night shift across midnight.
 */
export function withinWorkHours(startWork: string, endWork: string, now: Date): boolean {
  if (!startWork || !endWork) return true;
  const { time } = businessClock(now);
  return startWork <= endWork ? startWork <= time && time <= endWork : time >= startWork || time <= endWork;
}

/** A plain user may work (sign in, accept) only within their hours; admins and the super user always (decision 0046). */
export function mayWorkNow(
  user: { profile: string; super: boolean; startWork: string; endWork: string },
  now: Date,
): boolean {
  return user.profile === "admin" || user.super || withinWorkHours(user.startWork, user.endWork, now);
}
