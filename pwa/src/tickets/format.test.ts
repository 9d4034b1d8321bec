import { describe, expect, it } from "vitest";
import { dayLabel, groupByDay, listTime, truncate } from "./format.ts";

const at = (y: number, mo: number, d: number, h = 0, mi = 0) => new Date(y, mo - 1, d, h, mi);

describe("#tickets.format", () => {
  it("truncates the last message at 40 characters", () => {
    expect(truncate("a".repeat(40), 40)).toBe("a".repeat(40));
    expect(truncate("a".repeat(41), 40)).toBe(`${"a".repeat(40)}...`);
  });

  it("shows HH:mm for today and dd/MM/yyyy otherwise", () => {
    const now = at(2025, 3, 9, 18, 0);
    expect(listTime(at(2025, 3, 9, 7, 5).toISOString(), now)).toBe("07:05");
    expect(listTime(at(2025, 3, 8, 23, 59).toISOString(), now)).toBe("08/03/2025");
  });

  it("labels today's separator with the given text", () => {
    const now = at(2025, 3, 9, 12);
    expect(dayLabel(at(2025, 3, 9, 1), "HOJE", now)).toBe("HOJE");
    expect(dayLabel(at(2024, 12, 31, 1), "HOJE", now)).toBe("31/12/2024");
  });

  it("groups messages into runs of one local day", () => {
    const items = [at(2025, 1, 1, 9), at(2025, 1, 1, 23), at(2025, 1, 2, 0, 1)].map((d) => ({
      createdAt: d.toISOString(),
    }));
    expect(groupByDay(items).map((g) => g.items.length)).toEqual([2, 1]);
  });
});
