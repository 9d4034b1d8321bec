// Screens that follow core's pokes refetch once per burst, never two fetches at once.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { debouncedOnPoke, emitPoke, onPoke } from "./pokes.ts";

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("#pokes", () => {
  it("calls every listener of the tab until it unsubscribes", () => {
    const seen: string[] = [];
    const offA = onPoke(() => seen.push("a"));
    const offB = onPoke(() => seen.push("b"));
    emitPoke();
    offA();
    emitPoke();
    offB();
    emitPoke();
    expect(seen).toEqual(["a", "b", "b"]);
  });

  it("runs once, 500 ms after the last poke of a burst", async () => {
    const run = vi.fn(async () => undefined);
    const stop = debouncedOnPoke(run, 500);
    for (let i = 0; i < 5; i++) {
      emitPoke();
      await vi.advanceTimersByTimeAsync(100);
    }
    expect(run).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(400);
    expect(run).toHaveBeenCalledOnce();
    stop();
    emitPoke();
    await vi.advanceTimersByTimeAsync(1000);
    expect(run).toHaveBeenCalledOnce();
  });

  it("never runs twice at once: a poke during a run runs it once more after, and a failed run does not stop it", async () => {
    let active = 0;
    let most = 0;
    let calls = 0;
    const run = async () => {
      calls += 1;
      active += 1;
      most = Math.max(most, active);
      await new Promise((r) => setTimeout(r, 1000));
      active -= 1;
      if (calls === 1) throw new Error("offline");
    };
    const stop = debouncedOnPoke(run, 100);
    emitPoke();
    await vi.advanceTimersByTimeAsync(200);
    emitPoke();
    await vi.advanceTimersByTimeAsync(200);
    emitPoke();
    await vi.advanceTimersByTimeAsync(3000);
    expect(calls).toBe(2);
    expect(most).toBe(1);
    stop();
  });
});
