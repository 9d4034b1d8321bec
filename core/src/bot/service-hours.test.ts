import { describe, expect, it } from "vitest";
import { defaultQueueSchedules } from "../contract/queues.ts";
import {
  businessClock,
  closedSince,
  mayWorkNow,
  onCollectiveVacation,
  outOfHoursDue,
  vacationDue,
  withinServiceHours,
  withinWorkHours,
} from "./service-hours.ts";

// 2026-11-23 is a Monday; São Paulo is UTC-3 all year (no daylight saving since 2019).
const at = (iso: string) => new Date(iso);

describe("service hours", () => {
  it("reads the clock in the business time zone, not the server's", () => {
    expect(businessClock(at("2026-11-23T11:30:00Z"))).toEqual({ weekdayEn: "monday", time: "08:30" });
    // 01:00 UTC on Tuesday is still Monday 22:00 in São Paulo.
    expect(businessClock(at("2026-11-24T01:00:00Z"))).toEqual({ weekdayEn: "monday", time: "22:00" });
  });

  it("is open inside window A or B (ends included at minute precision) and closed between and after", () => {
    const hours = defaultQueueSchedules();
    expect(withinServiceHours(hours, at("2026-11-23T11:00:00Z"))).toBe(true); // 08:00
    expect(withinServiceHours(hours, at("2026-11-23T15:00:30Z"))).toBe(true); // 12:00
    expect(withinServiceHours(hours, at("2026-11-23T15:30:00Z"))).toBe(false); // 12:30
    expect(withinServiceHours(hours, at("2026-11-23T16:00:00Z"))).toBe(true); // 13:00
    expect(withinServiceHours(hours, at("2026-11-23T21:01:00Z"))).toBe(false); // 18:01
    expect(withinServiceHours(hours, at("2026-11-23T10:59:00Z"))).toBe(false); // 07:59
  });

  it("closes a weekday without an entry or with empty windows; no hours at all means always open", () => {
    const hours = defaultQueueSchedules().filter((d) => d.weekdayEn !== "sunday");
    hours[0] = { ...hours[0]!, startTimeA: "", endTimeA: "", startTimeB: "", endTimeB: "" };
    expect(withinServiceHours(hours, at("2026-11-23T14:00:00Z"))).toBe(false); // monday, emptied
    expect(withinServiceHours(hours, at("2026-11-29T14:00:00Z"))).toBe(false); // sunday, absent
    expect(withinServiceHours(hours, at("2026-11-24T14:00:00Z"))).toBe(true); // tuesday 11:00
    expect(withinServiceHours([], at("2026-11-29T03:00:00Z"))).toBe(true);
  });
});

describe("closed periods", () => {
  const hours = defaultQueueSchedules(); // 08:00-12:00 and 13:00-18:00 every day

  it("starts the minute after the last window that ended, in the business zone", () => {
    expect(closedSince(hours, at("2026-11-23T14:00:00Z"))).toBeNull(); // monday 11:00, open
    expect(closedSince(hours, at("2026-11-23T15:30:00Z"))).toEqual(at("2026-11-23T15:01:00Z")); // 12:30 -> 12:01
    expect(closedSince(hours, at("2026-11-24T01:00:00Z"))).toEqual(at("2026-11-23T21:01:00Z")); // 22:00 -> 18:01
    // Tuesday 07:00 is still Monday evening's closed period.
    expect(closedSince(hours, at("2026-11-24T10:00:00Z"))).toEqual(at("2026-11-23T21:01:00Z"));
  });

  it("reaches back across closed days, and to the epoch when no window ever opens", () => {
    const mondays = hours.filter((d) => d.weekdayEn === "monday");
    expect(closedSince(mondays, at("2026-11-27T15:00:00Z"))).toEqual(at("2026-11-23T21:01:00Z")); // friday
    const none = hours.map((d) => ({ ...d, startTimeA: "", endTimeA: "", startTimeB: "", endTimeB: "" }));
    expect(closedSince(none, at("2026-11-27T15:00:00Z"))).toEqual(new Date(0));
  });

  it("is due once per closed period", () => {
    const now = at("2026-11-23T15:30:00Z");
    expect(outOfHoursDue(hours, now, null)).toBe(true);
    expect(outOfHoursDue(hours, now, at("2026-11-23T15:10:00Z"))).toBe(false); // told at 12:10
    expect(outOfHoursDue(hours, now, at("2026-11-23T01:00:00Z"))).toBe(true); // told last night
    expect(outOfHoursDue(hours, at("2026-11-23T14:00:00Z"), null)).toBe(false); // open
  });
});

describe("collective vacation", () => {
  const v = { message: "Férias", start: "2026-12-20", end: "2026-12-31" };
  it("holds from the first to the last day, both included, on the business date", () => {
    expect(onCollectiveVacation(v, at("2026-12-20T03:00:00Z"))).toBe(true); // 00:00 on the 20th
    expect(onCollectiveVacation(v, at("2026-12-20T02:59:00Z"))).toBe(false); // 23:59 on the 19th
    expect(onCollectiveVacation(v, at("2027-01-01T02:59:00Z"))).toBe(true); // 23:59 on the 31st
    expect(onCollectiveVacation({ ...v, message: " " }, at("2026-12-25T12:00:00Z"))).toBe(false);
  });
  it("is due once per vacation", () => {
    expect(vacationDue("2026-12-20", null)).toBe(true);
    expect(vacationDue("2026-12-20", at("2026-12-21T12:00:00Z"))).toBe(false);
    expect(vacationDue("2026-12-20", at("2026-07-10T12:00:00Z"))).toBe(true); // an earlier vacation
  });
});

describe("an agent's own hours", () => {
  it("holds between startWork and endWork, across midnight for a night shift", () => {
    expect(withinWorkHours("00:00", "23:59", at("2026-11-24T02:59:00Z"))).toBe(true);
    expect(withinWorkHours("08:00", "18:00", at("2026-11-23T11:00:00Z"))).toBe(true); // 08:00
    expect(withinWorkHours("08:00", "18:00", at("2026-11-23T21:01:00Z"))).toBe(false); // 18:01
    expect(withinWorkHours("22:00", "06:00", at("2026-11-24T02:00:00Z"))).toBe(true); // 23:00
    expect(withinWorkHours("22:00", "06:00", at("2026-11-23T15:00:00Z"))).toBe(false); // 12:00
  });
  it("binds plain users only", () => {
    const night = at("2026-11-24T02:00:00Z");
    const user = { profile: "user", super: false, startWork: "08:00", endWork: "18:00" };
    expect(mayWorkNow(user, night)).toBe(false);
    expect(mayWorkNow({ ...user, profile: "admin" }, night)).toBe(true);
    expect(mayWorkNow({ ...user, super: true }, night)).toBe(true);
  });
});
