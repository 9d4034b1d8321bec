// @vitest-environment jsdom
// useAskAgain: "Filtrar" pressed again on the filters shown asks again; new filters do not (their path is asked).
import { renderHook } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { useAskAgain } from "./use-ask-again.ts";

describe("#useAskAgain", () => {
  it("reloads when the nonce changes on the same query, and never on the first render or a new query", () => {
    const reload = vi.fn();
    const { rerender } = renderHook(({ query, nonce }) => useAskAgain(query, nonce, reload), {
      initialProps: { query: "kind=a", nonce: 0 },
    });
    expect(reload).not.toHaveBeenCalled();
    rerender({ query: "kind=a", nonce: 1 });
    expect(reload).toHaveBeenCalledTimes(1);
    // New filters with a new press: the new path is asked by the query hook, not reloaded here.
    rerender({ query: "kind=b", nonce: 2 });
    expect(reload).toHaveBeenCalledTimes(1);
    // A render with nothing changed asks nothing.
    rerender({ query: "kind=b", nonce: 2 });
    expect(reload).toHaveBeenCalledTimes(1);
    rerender({ query: "kind=b", nonce: 3 });
    expect(reload).toHaveBeenCalledTimes(2);
  });
});
