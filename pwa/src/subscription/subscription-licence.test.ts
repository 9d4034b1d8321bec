// /subscription's licence sentence (spec 3 §2, §4): days left, 'hoje', past, and company 1's date that never comes.
import { describe, expect, it } from "vitest";
import { licenceText } from "./subscription-licence.ts";

describe("#subscription licence", () => {
  it("says the days left, today, past, or never", () => {
    expect(licenceText("2026-03-15", "2026-03-10")).toEqual({ key: "days", count: 5 });
    expect(licenceText("2026-03-11", "2026-03-10")).toEqual({ key: "days", count: 1 });
    expect(licenceText("2026-03-10", "2026-03-10")).toEqual({ key: "today" });
    expect(licenceText("2026-03-01", "2026-03-10")).toEqual({ key: "expired" });
    expect(licenceText("2999-12-31", "2026-03-10")).toEqual({ key: "never" });
    expect(licenceText(null, "2026-03-10")).toEqual({ key: "never" });
  });
});
