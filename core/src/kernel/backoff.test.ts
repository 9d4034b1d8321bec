import { describe, expect, it } from "vitest";
import { backoffDelay } from "./backoff.ts";

describe("backoffDelay", () => {
  it("doubles from the base and stops at the cap", () => {
    const p = { baseMs: 1000, maxMs: 30_000 };
    expect([1, 2, 3, 4, 5, 6, 7].map((n) => backoffDelay(n, p))).toEqual([
      1000, 2000, 4000, 8000, 16_000, 30_000, 30_000,
    ]);
  });

  it("counts an attempt below 1 as the first", () => {
    expect(backoffDelay(0, { baseMs: 50, maxMs: 200 })).toBe(50);
  });

  it("stays at the cap however many attempts failed (no overflow to Infinity or NaN)", () => {
    expect(backoffDelay(5000, { baseMs: 10_000, maxMs: 15 * 60_000 })).toBe(15 * 60_000);
  });

  it("with equal jitter waits between half and all of the exponential wait", () => {
    const p = { baseMs: 1000, maxMs: 60_000, jitter: "equal" as const };
    expect(backoffDelay(1, p, () => 0)).toBe(500);
    expect(backoffDelay(3, p, () => 1)).toBe(4000);
    expect(backoffDelay(30, p, () => 0.5)).toBe(45_000);
  });

  it("reads no randomness without jitter", () => {
    let read = false;
    backoffDelay(2, { baseMs: 10, maxMs: 100 }, () => {
      read = true;
      return 0;
    });
    expect(read).toBe(false);
  });
});
