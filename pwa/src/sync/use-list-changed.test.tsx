// @vitest-environment jsdom
// useListChanged: a screen showing an admin list asks again when the pull stamps that list (decision 0063).
import "fake-indexeddb/auto";
import { renderHook, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { ChatflowDb } from "../store/db.ts";
import { setMeta } from "../store/meta.ts";
import { testDb } from "../test-support/factories.ts";
import { useListChanged } from "./use-list-changed.ts";

let db: ChatflowDb;
beforeEach(() => {
  db = testDb();
});

describe("#useListChanged", () => {
  it("reloads when the list's stamp moves after the screen opened, not for the stamp found on opening nor for other lists", async () => {
    await setMeta(db, "listStamps", { files: "10" });
    const reload = vi.fn();
    renderHook(() => useListChanged(db, "files", reload));
    // The stamp found on opening is read, then nothing happens.
    await new Promise((r) => setTimeout(r, 100));
    expect(reload).not.toHaveBeenCalled();

    await setMeta(db, "listStamps", { files: "10", tags: "12" });
    await new Promise((r) => setTimeout(r, 100));
    expect(reload).not.toHaveBeenCalled();

    await setMeta(db, "listStamps", { files: "14", tags: "12" });
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    await setMeta(db, "listStamps", { files: "20", tags: "12" });
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(2));
  });

  it("reloads on the first stamp of a list that had none when the screen opened", async () => {
    const reload = vi.fn();
    renderHook(() => useListChanged(db, "prompts", reload));
    await new Promise((r) => setTimeout(r, 100));
    await setMeta(db, "listStamps", { prompts: "3" });
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
  });
});
