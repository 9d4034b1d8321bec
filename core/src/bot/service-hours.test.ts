import { describe, expect, it } from "vitest";
import { defaultQueueSchedules } from "../contract/queues.ts";
import { businessClock, withinServiceHours } from "./service-hours.ts";

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
