// @vitest-environment jsdom
// The tags' writes go through the outbox (issue 20): a rename and a delete queue updateTag and deleteTag, wait for
// their push, then read the kept tags again from core (the authority, whether the push was applied or refused).
import "fake-indexeddb/auto";
import { act, renderHook, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { db } from "../app-db.ts";
import { useDeleteTag, useUpdateTag } from "./tags-data.ts";

/** Core after the push: GET /tags/list answers `tags`. */
function core(tags: unknown[]) {
  return vi.spyOn(globalThis, "fetch").mockImplementation(async () => {
    return new Response(JSON.stringify(tags), { status: 200, headers: { "content-type": "application/json" } });
  });
}

/** The sync engine's part: the entry named `name` leaves the outbox once pushed. */
async function push(name: string) {
  let entry: { id: number; args: unknown } | undefined;
  await waitFor(async () => {
    entry = (await db.outbox.toArray()).find((e) => e.name === name);
    expect(entry).toBeDefined();
  });
  await db.outbox.delete(entry!.id);
  return entry!.args;
}

afterEach(async () => {
  vi.restoreAllMocks();
  await db.outbox.clear();
  await db.tags.clear();
});

describe("#tags-data writes", () => {
  it("renames a tag through the outbox and keeps core's answer", async () => {
    await db.tags.put({ id: 7, name: "Antigo", color: "#111111", kanban: 0 } as never);
    const fetchSpy = core([{ id: 7, name: "Novo", color: "#222222", kanban: 0 }]);
    const { result } = renderHook(() => useUpdateTag());
    let saved: unknown;
    await act(async () => {
      const done = result.current(7, { name: "Novo", color: "#222222", kanban: 0 });
      expect(await push("updateTag")).toEqual({ tagId: 7, name: "Novo", color: "#222222", kanban: 0 });
      saved = await done;
    });
    expect(saved).toMatchObject({ id: 7, name: "Novo" });
    expect((await db.tags.get(7))?.name).toBe("Novo");
    // No REST write: only the read of the kept tags.
    expect(fetchSpy.mock.calls.map(([, init]) => init?.method ?? "GET")).toEqual(["GET"]);
  });

  it("deletes a tag through the outbox and drops it from the kept tags", async () => {
    await db.tags.put({ id: 8, name: "Sai", color: "#111111", kanban: 0 } as never);
    const fetchSpy = core([]);
    const { result } = renderHook(() => useDeleteTag());
    await act(async () => {
      const done = result.current(8);
      expect(await push("deleteTag")).toEqual({ tagId: 8 });
      await done;
    });
    expect(await db.tags.get(8)).toBeUndefined();
    expect(fetchSpy.mock.calls.map(([, init]) => init?.method ?? "GET")).toEqual(["GET"]);
  });
});
