import { describe, expect, it } from "vitest";
import { eachInSlices, SLICE_MS } from "./yield-to-main.ts";

/** Holds the thread for `ms`, as a step of real work does. */
function busy(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // spin
  }
}

describe("#eachInSlices", () => {
  it("runs every step in order, handing the thread back once a slice has gone by", async () => {
    const seen: { item: number; timerRan: boolean }[] = [];
    let timerRan = false;
    setTimeout(() => {
      timerRan = true;
    }, 0);
    const done = eachInSlices([1, 2, 3, 4, 5, 6], (item) => {
      seen.push({ item, timerRan });
      busy(SLICE_MS / 2 + 0.5);
    });
    // The first slice ran at once; the rest wait for later tasks.
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.length).toBeLessThan(6);
    await done;
    expect(seen.map((s) => s.item)).toEqual([1, 2, 3, 4, 5, 6]);
    // Another task (the timer) ran between the steps: no one task did them all.
    expect(seen[0]!.timerRan).toBe(false);
    expect(seen.at(-1)!.timerRan).toBe(true);
  });

  it("does a short list in one go", async () => {
    const seen: number[] = [];
    const done = eachInSlices([1, 2, 3], (item) => seen.push(item));
    expect(seen).toEqual([1, 2, 3]);
    await done;
  });
});
