// @vitest-environment jsdom
// The form modals' save step (use-modal-save.ts): the form's own errors stop the save, one save runs at a time,
// a refusal's field errors land on their fields and any other refusal becomes a toast.
import "fake-indexeddb/auto";
import { act, renderHook } from "@testing-library/react";
import { getDefaultStore } from "jotai";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../api/errors.ts";
import { i18n } from "../i18n/i18n.ts";
import { testDb } from "../test-support/factories.ts";
import { toastsAtom } from "../ui/toasts.ts";
import { announceSavedIn, type SaveOutcome, useModalSave } from "./use-modal-save.ts";

const toasts = () =>
  getDefaultStore()
    .get(toastsAtom)
    .map((t) => t.text);
afterEach(() => getDefaultStore().set(toastsAtom, []));

describe("#useModalSave", () => {
  it("shows the form's own errors and sends nothing", async () => {
    const { result } = renderHook(() => useModalSave());
    const save = vi.fn(async (): Promise<SaveOutcome> => ({ ok: true }));
    let answer: unknown;
    await act(async () => {
      answer = await result.current.run({ name: "Obrigatório" }, save);
    });
    expect(answer).toBeNull();
    expect(save).not.toHaveBeenCalled();
    expect(result.current.errors).toEqual({ name: "Obrigatório" });
  });

  it("answers the saved outcome once, and a second press while it runs sends nothing", async () => {
    const { result } = renderHook(() => useModalSave());
    let finish = (_: SaveOutcome & { id: number }) => {};
    const save = vi.fn(() => new Promise<SaveOutcome & { id: number }>((r) => (finish = r)));
    let first: Promise<unknown> = Promise.resolve();
    let second: unknown;
    await act(async () => {
      first = result.current.run({}, save);
      second = await result.current.run({}, save);
    });
    expect(result.current.saving).toBe(true);
    expect(second).toBeNull();
    await act(async () => finish({ ok: true, id: 7 }));
    expect(await first).toEqual({ ok: true, id: 7 });
    expect(save).toHaveBeenCalledTimes(1);
    expect(result.current.saving).toBe(false);
  });

  it("puts a refusal's field errors on their fields, and any other refusal in a toast", async () => {
    await i18n.changeLanguage("pt-BR");
    const { result } = renderHook(() => useModalSave());
    await act(async () => {
      await result.current.run({}, async () => ({ ok: false, errors: { name: "Já existe" }, error: null }));
    });
    expect(result.current.errors).toEqual({ name: "Já existe" });
    expect(toasts()).toEqual([]);
    const refused = new ApiError(403, { error: "ERR_NO_PERMISSION", message: "" });
    await act(async () => {
      await result.current.run({}, async () => ({ ok: false, errors: {}, error: refused }));
    });
    expect(toasts()).toEqual([i18n.t("backendErrors.ERR_NO_PERMISSION")]);
  });
});

describe("#announceSavedIn (issue 21: saved means saved)", () => {
  const PENDING = "Salvo neste dispositivo, enviando…";
  const shown = () =>
    getDefaultStore()
      .get(toastsAtom)
      .map((t) => [t.kind, t.text]);
  const queue = (db: ReturnType<typeof testDb>) =>
    db.outbox.add({ name: "createTag", args: { name: "vip" }, queuedAt: new Date().toISOString() } as never);
  const until = async (ok: () => boolean) => {
    for (let i = 0; i < 100 && !ok(); i++) await new Promise((r) => setTimeout(r, 20));
  };

  it("says saved at once when nothing waits in the outbox", async () => {
    await announceSavedIn(testDb(), "Tag salva com sucesso!", PENDING);
    expect(shown()).toEqual([["info", "Tag salva com sucesso!"]]);
  });

  it("says 'saved on this device' while the change waits, then the success once the server has it", async () => {
    const db = testDb();
    const id = await queue(db);
    const done = announceSavedIn(db, "Tag salva com sucesso!", PENDING, 10);
    await until(() => shown().length > 0);
    expect(shown()).toEqual([["pending", PENDING]]);
    await db.outbox.delete(id as number);
    await done;
    expect(shown()).toEqual([["info", "Tag salva com sucesso!"]]);
  });

  it("never says saved for a change the server refused", async () => {
    const db = testDb();
    const id = await queue(db);
    const done = announceSavedIn(db, "Tag salva com sucesso!", PENDING, 10);
    await until(() => shown().length > 0);
    await db.refusals.add({
      name: "createTag",
      args: {},
      error: { error: "ERR_TAG_ALREADY_EXISTS", message: "" },
      at: new Date().toISOString(),
    } as never);
    await db.outbox.delete(id as number);
    await done;
    expect(shown()).toEqual([]);
  });
});
