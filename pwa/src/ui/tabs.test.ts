import { describe, expect, it } from "vitest";
import { scrollToShow } from "./tabs.tsx";

// A strip 300 px wide; the selected tab is placed in strip coordinates (its scrolled content).
describe("scrollToShow: the selected tab in view", () => {
  it("leaves the strip where it is when the tab shows whole", () => {
    expect(scrollToShow(0, 300, 100, 200)).toBe(0);
    expect(scrollToShow(50, 300, 60, 340)).toBe(50);
  });

  it("scrolls right to a tab cut at the right edge, with the next tab's edge peeking", () => {
    // "Resolvidos" from 280 to 400 px: its end meets the right edge plus 24 px.
    expect(scrollToShow(0, 300, 280, 400)).toBe(124);
  });

  it("scrolls left to a tab cut at the left edge, never before the start", () => {
    expect(scrollToShow(200, 300, 150, 250)).toBe(126);
    expect(scrollToShow(200, 300, 10, 110)).toBe(0);
  });
});
