// @vitest-environment jsdom
// The tags' writes go through the outbox (issue 20): a rename and a delete queue updateTag and deleteTag, wait for
// their push, then read the kept tags again from core (the authority, whether the push was applied or refused).
import "fake-indexeddb/auto";
import type { ErrorBody } from "@chatflow/core/contract/errors.ts";
import type { MutationName } from "@chatflow/core/contract/sync.ts";
import { act, renderHook, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../api/errors.ts";
import { db } from "../app-db.ts";
import { ROLLBACKS } from "../sync/rollbacks.ts";
import { useDeleteTag, useUpdateTag } from "./tags-data.ts";

/** Core after the push: GET /tags/list answers `tags`. */
function core(tags: unknown[]) {
  return vi.spyOn(globalThis, "fetch").mockImplementation(async () => {
    return new Response(JSON.stringify(tags), { status: 200, headers: { "content-type": "application/json" } });
  });
}

/**
 * The sync engine's part: the entry named `name` leaves the outbox once pushed, after its rollback when core
 * refused it (in one transaction, as sync/push.ts does).
 */
async function push(name: string, refusal?: ErrorBody) {
  let entry: { id: number; name: MutationName; args: unknown } | undefined;
  await waitFor(async () => {
    entry = (await db.outbox.toArray()).find((e) => e.name === name) as typeof entry;
    expect(entry).toBeDefined();
  });
  await db.transaction("rw", [db.outbox, db.refusals], async () => {
    if (refusal) await ROLLBACKS[entry!.name](db, entry!.args, refusal);
    await db.outbox.delete(entry!.id);
  });
  return entry!.args;
}

afterEach(async () => {
  vi.restoreAllMocks();
  await db.outbox.clear();
  await db.tags.clear();
  await db.refusals.clear();
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

  it("throws core's refusal of a rename (a taken name) so the dialog shows it under the field", async () => {
    await db.tags.put({ id: 9, name: "Livre", color: "#111111", kanban: 0 } as never);
    core([{ id: 9, name: "Livre", color: "#111111", kanban: 0 }]);
    const { result } = renderHook(() => useUpdateTag());
    const refusal: ErrorBody = {
      error: "ERR_TAG_ALREADY_EXISTS",
      message: "Tag already exists",
      fields: { name: "Tag já existe" },
    };
    let thrown: unknown;
    await act(async () => {
      const done = result.current(9, { name: "Ocupado", kanban: 0 }).catch((err: unknown) => {
        thrown = err;
      });
      await push("updateTag", refusal);
      await done;
    });
    expect(thrown).toBeInstanceOf(ApiError);
    expect((thrown as ApiError).status).toBe(409);
    expect((thrown as ApiError).body).toMatchObject({ fields: { name: "Tag já existe" } });
    expect((await db.tags.get(9))?.name).toBe("Livre");
  });
});
