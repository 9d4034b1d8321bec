// @vitest-environment jsdom
import { act, cleanup, renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ALERT_DELAY_MS, connectionsNeedAttention, useDelayedTrue } from "./connections-alert.ts";

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe("#connections badge (spec 1 §2)", () => {
  it("needs attention in the states qrcode, PAIRING, DISCONNECTED, TIMEOUT and OPENING only", () => {
    for (const status of ["qrcode", "PAIRING", "DISCONNECTED", "TIMEOUT", "OPENING"]) {
      expect(connectionsNeedAttention([{ status: "CONNECTED" }, { status }]), status).toBe(true);
    }
    expect(connectionsNeedAttention([{ status: "CONNECTED" }])).toBe(false);
    // A connection whose queue the channel holds (rate-limited, restricted) needs the admin too (decision 0053).
    const held = { reason: "rate-limited" as const, detail: "429", since: "2026-11-24T08:00:00.000Z" };
    expect(connectionsNeedAttention([{ status: "CONNECTED", sendHold: held }])).toBe(true);
    expect(connectionsNeedAttention([{ status: "CONNECTED", sendHold: null }])).toBe(false);
    expect(connectionsNeedAttention([])).toBe(false);
  });

  it("shows after 2 seconds of the state, and goes at once when it ends", () => {
    vi.useFakeTimers();
    const { result, rerender } = renderHook(({ value }) => useDelayedTrue(value, ALERT_DELAY_MS), {
      initialProps: { value: true },
    });
    expect(result.current).toBe(false);
    act(() => vi.advanceTimersByTime(1_999));
    expect(result.current).toBe(false);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe(true);
    rerender({ value: false });
    expect(result.current).toBe(false);
    // A blink through OPENING shorter than the delay never shows.
    rerender({ value: true });
    act(() => vi.advanceTimersByTime(1_000));
    rerender({ value: false });
    act(() => vi.advanceTimersByTime(5_000));
    expect(result.current).toBe(false);
  });
});
