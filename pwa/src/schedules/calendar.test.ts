import { describe, expect, it } from "vitest";
import { dayKey, eventsByDay, matchesSearch, shiftDate, viewDays, viewRange } from "./calendar.ts";

describe("schedules calendar", () => {
  it("shows six weeks from the Sunday before the 1st in the month view", () => {
    const days = viewDays("month", new Date(2030, 0, 17));
    expect(days).toHaveLength(42);
    expect(dayKey(days[0]!)).toBe("2029-12-30");
    expect(days[0]!.getDay()).toBe(0);
    expect(days.map(dayKey)).toContain("2030-01-31");
  });

  it("shows Sunday to Saturday in the week view and the day alone in the day view", () => {
    expect(viewDays("week", new Date(2030, 0, 2, 15)).map(dayKey)).toEqual([
      "2029-12-30",
      "2029-12-31",
      "2030-01-01",
      "2030-01-02",
      "2030-01-03",
      "2030-01-04",
      "2030-01-05",
    ]);
    expect(viewDays("day", new Date(2030, 0, 2, 15)).map(dayKey)).toEqual(["2030-01-02"]);
    const range = viewRange("day", new Date(2030, 0, 2, 15));
    expect(range.to.getTime() - range.from.getTime()).toBe(24 * 3_600_000);
  });

  it("moves by a month, a week or a day", () => {
    expect(dayKey(shiftDate("month", new Date(2030, 0, 31), 1))).toBe("2030-02-01");
    expect(dayKey(shiftDate("week", new Date(2030, 0, 2), -1))).toBe("2029-12-26");
    expect(dayKey(shiftDate("day", new Date(2030, 0, 1), -1))).toBe("2029-12-31");
  });

  it("groups events by local day in time order, and searches body and contact name", () => {
    const at = (h: number, m = 0) => new Date(2030, 0, 2, h, m).toISOString();
    const events = [
      { id: 2, sendAt: at(15), body: "Cobrança", contact: { name: "Ana" } },
      { id: 1, sendAt: at(9, 30), body: "Lembrete", contact: { name: "Bia" } },
      { id: 3, sendAt: new Date(2030, 0, 3, 8).toISOString(), body: "Outro", contact: null },
    ];
    const byDay = eventsByDay(events);
    expect(byDay.get("2030-01-02")!.map((e) => e.id)).toEqual([1, 2]);
    expect(byDay.get("2030-01-03")!.map((e) => e.id)).toEqual([3]);
    expect(events.filter((e) => matchesSearch(e, "COBR")).map((e) => e.id)).toEqual([2]);
    expect(events.filter((e) => matchesSearch(e, "bia")).map((e) => e.id)).toEqual([1]);
    expect(events.filter((e) => matchesSearch(e, " ")).length).toBe(3);
  });
});
