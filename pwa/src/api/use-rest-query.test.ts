// @vitest-environment jsdom
// useRestQuery: the one loader of core's non-paged reads, as the area hooks use it.
import "fake-indexeddb/auto";
import { act, renderHook, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { db } from "../app-db.ts";
import { readCache, writeCache } from "../store/cache.ts";
import { setMeta } from "../store/meta.ts";
import { keptInCache, useRestQuery } from "./use-rest-query.ts";

/** A fake core answering `path#n` for the n-th request, each held until released when `hold` is set. */
function server(hold = false) {
  const calls: string[] = [];
  const pending: Array<() => void> = [];
  const load = async (path: string): Promise<string> => {
    calls.push(path);
    const n = calls.length;
    if (hold) await new Promise<void>((r) => pending.push(r));
    return `${path}#${n}`;
  };
  return { calls, pending, load };
}

describe("#useRestQuery", () => {
  it("loads the path, and reload asks again keeping the answer shown meanwhile", async () => {
    const s = server();
    const { result } = renderHook(() => useRestQuery("/prompt", { load: s.load }));
    expect(result.current.loading).toBe(true);
    await waitFor(() => expect(result.current.data).toBe("/prompt#1"));
    expect(result.current).toMatchObject({ loading: false, error: null });
    act(() => void result.current.reload());
    expect(result.current.data).toBe("/prompt#1");
    await waitFor(() => expect(result.current.data).toBe("/prompt#2"));
  });

  it("starts empty for a new path and drops a late answer of the old one", async () => {
    const s = server(true);
    const { result, rerender } = renderHook(({ path }) => useRestQuery(path, { load: s.load }), {
      initialProps: { path: "/contacts/1" },
    });
    rerender({ path: "/contacts/2" });
    expect(result.current.data).toBeUndefined();
    await waitFor(() => expect(s.pending).toHaveLength(2));
    await act(async () => s.pending[1]?.());
    await waitFor(() => expect(result.current.data).toBe("/contacts/2#2"));
    await act(async () => s.pending[0]?.());
    expect(result.current.data).toBe("/contacts/2#2");
  });

  it("fetches nothing for a null path (offline) and keeps what was shown", async () => {
    const s = server();
    const { result, rerender } = renderHook(({ path }) => useRestQuery<string>(path, { load: s.load }), {
      initialProps: { path: null as string | null },
    });
    expect(result.current).toMatchObject({ data: undefined, loading: false });
    rerender({ path: "/queue" });
    await waitFor(() => expect(result.current.data).toBe("/queue#1"));
    rerender({ path: null });
    act(() => void result.current.reload());
    expect(result.current).toMatchObject({ data: "/queue#1", loading: false });
    expect(s.calls).toEqual(["/queue"]);
  });

  it("keeps the last answer and says why when a reload fails; the next answer clears the error", async () => {
    let fail = false;
    const load = vi.fn(async (path: string) => {
      if (fail) throw new Error("offline");
      return path;
    });
    const { result } = renderHook(() => useRestQuery("/tags", { load }));
    await waitFor(() => expect(result.current.data).toBe("/tags"));
    fail = true;
    act(() => void result.current.reload());
    await waitFor(() => expect(result.current.error).toBeInstanceOf(Error));
    expect(result.current.data).toBe("/tags");
    fail = false;
    act(() => void result.current.reload());
    await waitFor(() => expect(result.current.error).toBeNull());
  });

  it("changes the shown answer locally with setData", async () => {
    const s = server();
    const { result } = renderHook(() => useRestQuery("/queue", { load: s.load }));
    await waitFor(() => expect(result.current.data).toBe("/queue#1"));
    act(() => result.current.setData((d) => `${d}!`));
    expect(result.current.data).toBe("/queue#1!");
    expect(s.calls).toHaveLength(1);
  });

  it("reloads when the realtime poke stamps its list, not for another list", async () => {
    await setMeta(db, "listStamps", { prompts: "1" });
    const s = server();
    const { result } = renderHook(() => useRestQuery("/prompt", { load: s.load, list: "prompts" }));
    await waitFor(() => expect(result.current.data).toBe("/prompt#1"));
    await setMeta(db, "listStamps", { prompts: "1", tags: "2" });
    await new Promise((r) => setTimeout(r, 100));
    expect(s.calls).toHaveLength(1);
    await setMeta(db, "listStamps", { prompts: "3", tags: "2" });
    await waitFor(() => expect(result.current.data).toBe("/prompt#2"));
  });

  describe("with a kept copy", () => {
    it("shows the kept copy at once, and offline without asking core", async () => {
      await writeCache(db, "t:offline", "kept");
      const s = server();
      const { result } = renderHook(() => useRestQuery<string>(null, { load: s.load, keep: keptInCache("t:offline") }));
      // Reading the store counts as loading, so a screen shows no "empty" before the copy.
      expect(result.current).toMatchObject({ data: undefined, loading: true });
      await waitFor(() => expect(result.current).toMatchObject({ data: "kept", loading: false }));
      expect(s.calls).toEqual([]);
    });

    it("says loaded and empty offline when nothing is kept", async () => {
      const { result } = renderHook(() => useRestQuery<string>(null, { keep: keptInCache("t:none") }));
      await waitFor(() => expect(result.current.loading).toBe(false));
      expect(result.current.data).toBeUndefined();
    });

    it("shows the kept copy until core answers, then core's answer, written back", async () => {
      await writeCache(db, "t:answer", "kept");
      const s = server(true);
      const { result } = renderHook(() =>
        useRestQuery<string>("/helps", { load: s.load, keep: keptInCache("t:answer") }),
      );
      await waitFor(() => expect(result.current).toMatchObject({ data: "kept", loading: true }));
      await waitFor(() => expect(s.pending).toHaveLength(1));
      await act(async () => s.pending[0]?.());
      await waitFor(() => expect(result.current).toMatchObject({ data: "/helps#1", loading: false }));
      await waitFor(async () => expect((await readCache(db, "t:answer"))?.value).toBe("/helps#1"));
    });

    it("keeps core's answer when the store answers after it", async () => {
      let release = () => {};
      const keep = {
        key: "slow",
        read: () => new Promise<string>((r) => (release = () => r("kept"))),
        write: vi.fn(async () => {}),
      };
      const s = server();
      const { result } = renderHook(() => useRestQuery<string>("/feed", { load: s.load, keep }));
      await waitFor(() => expect(result.current.data).toBe("/feed#1"));
      await act(async () => release());
      expect(result.current.data).toBe("/feed#1");
      expect(keep.write).toHaveBeenCalledWith("/feed#1");
    });

    it("keeps showing the kept copy and says why when core fails", async () => {
      await writeCache(db, "t:fail", "kept");
      const load = vi.fn(async () => {
        throw new Error("offline");
      });
      const { result } = renderHook(() => useRestQuery<string>("/report", { load, keep: keptInCache("t:fail") }));
      await waitFor(() => expect(result.current.error).toBeInstanceOf(Error));
      await waitFor(() => expect(result.current).toMatchObject({ data: "kept", loading: false }));
      expect((await readCache(db, "t:fail"))?.value).toBe("kept");
    });

    it("reads the copy of a new key again", async () => {
      await writeCache(db, "t:a", "a");
      await writeCache(db, "t:b", "b");
      const { result, rerender } = renderHook(({ key }) => useRestQuery<string>(null, { keep: keptInCache(key) }), {
        initialProps: { key: "t:a" },
      });
      await waitFor(() => expect(result.current.data).toBe("a"));
      rerender({ key: "t:b" });
      expect(result.current.data).toBeUndefined();
      await waitFor(() => expect(result.current.data).toBe("b"));
    });
  });
});
