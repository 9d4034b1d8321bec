// @vitest-environment jsdom
import { act, renderHook, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { type Page, usePaged } from "./use-paged.ts";

/** A list of `total` items served page by page (3 a page), with every request recorded. */
function server(total: number, prefix = "") {
  const calls: number[] = [];
  const fetchPage = async (page: number): Promise<Page<string>> => {
    calls.push(page);
    const items = Array.from({ length: total }, (_, i) => `${prefix}${i + 1}`).slice((page - 1) * 3, page * 3);
    return { items, hasMore: page * 3 < total, count: total };
  };
  return { calls, fetchPage };
}

describe("usePaged", () => {
  it("loads the first page, appends the next ones on demand, and stops when core has no more", async () => {
    const s = server(7);
    const { result } = renderHook(() => usePaged("all", true, s.fetchPage));
    await waitFor(() => expect(result.current.loaded).toBe(true));
    expect(result.current.items).toEqual(["1", "2", "3"]);
    expect(result.current).toMatchObject({ hasMore: true, count: 7 });
    act(() => result.current.loadMore());
    await waitFor(() => expect(result.current.items).toHaveLength(6));
    act(() => result.current.loadMore());
    await waitFor(() => expect(result.current.items).toHaveLength(7));
    expect(result.current.hasMore).toBe(false);
    act(() => result.current.loadMore());
    expect(s.calls).toEqual([1, 2, 3]);
  });

  it("starts again from page 1 for a new key and drops a late answer of the old one", async () => {
    let release: () => void = () => undefined;
    const slow = async (page: number): Promise<Page<string>> => {
      await new Promise<void>((r) => (release = r));
      return { items: [`old-${page}`], hasMore: false };
    };
    const fast = server(2, "new-");
    const { result, rerender } = renderHook(({ key, fetch }) => usePaged(key, true, fetch), {
      initialProps: { key: "a", fetch: slow },
    });
    rerender({ key: "b", fetch: fast.fetchPage });
    await waitFor(() => expect(result.current.items).toEqual(["new-1", "new-2"]));
    await act(async () => release());
    expect(result.current.items).toEqual(["new-1", "new-2"]);
  });

  it("fetches nothing while disabled (offline) and reloads the pages it holds when asked", async () => {
    const s = server(9);
    const { result, rerender } = renderHook(({ on }) => usePaged("all", on, s.fetchPage), {
      initialProps: { on: false },
    });
    expect(result.current.loaded).toBe(false);
    expect(s.calls).toEqual([]);
    rerender({ on: true });
    await waitFor(() => expect(result.current.loaded).toBe(true));
    act(() => result.current.loadMore());
    await waitFor(() => expect(result.current.items).toHaveLength(6));
    act(() => result.current.reload());
    await waitFor(() => expect(s.calls).toEqual([1, 2, 1, 2]));
    expect(result.current.items).toEqual(["1", "2", "3", "4", "5", "6"]);
  });

  it("reloads the list shown now when called through an older render (an action that outlived a new search)", async () => {
    const all = server(4);
    const matches = server(1, "match-");
    const { result, rerender } = renderHook(
      ({ key }) => usePaged(key, true, key === "" ? all.fetchPage : matches.fetchPage),
      {
        initialProps: { key: "natal" },
      },
    );
    await waitFor(() => expect(result.current.items).toEqual(["match-1"]));
    // Captured while the search was "natal" (a duplicate awaiting the network), called after it was cleared.
    const staleReload = result.current.reload;
    rerender({ key: "" });
    await waitFor(() => expect(result.current.items).toEqual(["1", "2", "3"]));
    act(() => staleReload());
    await waitFor(() => expect(all.calls).toEqual([1, 1]));
    expect(result.current.items).toEqual(["1", "2", "3"]);
    expect(result.current.loaded).toBe(true);
    expect(matches.calls).toEqual([1]);
  });
});
