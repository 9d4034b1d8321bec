// @vitest-environment jsdom
// The quick message modal as a person uses it (spec 2 §4, §5): 'Obrigatório' for a missing shortcode before
// anything is written, the geral selector only when visao is on (and only for admins), another user's quick
// message locked, and text fields written into the list's document (offline too).
import "fake-indexeddb/auto";
import { listQuickMessages } from "@chatflow/core/contract/documents/quick-messages.ts";
import { cleanup, render, screen } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import * as Y from "yjs";
import { i18n } from "../i18n/i18n.ts";
import { QuickMessageModal } from "./quick-message-modal.tsx";

afterEach(() => cleanup());

function open(o: { admin?: boolean; general?: boolean; locked?: boolean; online?: boolean } = {}) {
  const doc = new Y.Doc();
  const onClose = vi.fn();
  render(
    <QuickMessageModal
      item={null}
      general={o.general ?? false}
      admin={o.admin ?? false}
      userId={5}
      online={o.online ?? false}
      locked={o.locked ?? false}
      doc={doc}
      onClose={onClose}
    />,
  );
  return { doc, onClose };
}

const fieldError = (testId: string) =>
  screen.getByTestId(testId).closest(".field")?.querySelector(".field-error")?.textContent ?? "";

describe("#quick message modal", () => {
  it("asks for the shortcode and writes nothing without it", async () => {
    const user = userEvent.setup();
    const { doc, onClose } = open();
    await user.click(screen.getByTestId("quick-message-save"));
    expect(fieldError("quick-message-shortcode")).toBe(i18n.t("quickMessages.required"));
    expect(listQuickMessages(doc)).toEqual([]);
    expect(onClose).not.toHaveBeenCalled();
  });

  it("writes the text fields into the list's document, offline too", async () => {
    const user = userEvent.setup();
    const { doc, onClose } = open();
    await user.type(screen.getByTestId("quick-message-shortcode"), "pix");
    await user.type(screen.getByTestId("quick-message-message"), "Minha chave");
    await user.click(screen.getByTestId("quick-message-visao"));
    await user.click(screen.getByTestId("quick-message-save"));
    expect(listQuickMessages(doc)).toMatchObject([
      { shortcode: "pix", message: "Minha chave", visao: true, userId: 5 },
    ]);
    expect(onClose).toHaveBeenCalled();
  });

  it("shows the geral selector only when visao is on, and only to admins", async () => {
    const user = userEvent.setup();
    open({ admin: true });
    expect(screen.queryByTestId("quick-message-geral")).toBeNull();
    await user.click(screen.getByTestId("quick-message-visao"));
    expect(screen.getByTestId("quick-message-geral")).toBeTruthy();
    cleanup();
    open({ admin: false });
    await user.click(screen.getByTestId("quick-message-visao"));
    expect(screen.queryByTestId("quick-message-geral")).toBeNull();
  });

  it("locks every field of another user's quick message and offers no save", () => {
    open({ locked: true });
    expect((screen.getByTestId("quick-message-shortcode") as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByTestId("quick-message-message") as HTMLTextAreaElement).disabled).toBe(true);
    expect(screen.queryByTestId("quick-message-save")).toBeNull();
    expect(screen.queryByTestId("quick-message-pick")).toBeNull();
  });
});
