// @vitest-environment jsdom
// The conversation's drop zone: files dragged over it show 'Solte o arquivo aqui' until they leave or
// drop; dropped files go to the composer; text dragged from the page, or a conversation without a
// reply box, shows nothing.
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { createStore, Provider } from "jotai";
import { afterEach, describe, expect, it } from "vitest";
import "../i18n/i18n.ts";
import { FileDropZone } from "./drop-zone.tsx";
import { droppedFilesAtom } from "./message-view/conversation-atoms.ts";

afterEach(() => cleanup());

function zone(enabled = true) {
  const store = createStore();
  render(
    <Provider store={store}>
      <FileDropZone className="conversation-main" ticketId={12} enabled={enabled}>
        <p>
          mensagens <span data-testid="inner">dentro</span>
        </p>
      </FileDropZone>
    </Provider>,
  );
  return { store, target: screen.getByTestId("conversation-drop-zone") };
}

const files = (list: File[]) => ({ dataTransfer: { types: ["Files"], files: list, dropEffect: "none" } });

describe("#FileDropZone (spec 1 §2 'Solte o arquivo aqui')", () => {
  it("shows the zone while files are over the conversation, across its children, and hides it when they leave", () => {
    const { store, target } = zone();
    const file = new File(["x"], "contrato.pdf", { type: "application/pdf" });
    fireEvent.dragEnter(target, files([file]));
    expect(screen.getByTestId("drop-overlay").textContent).toBe("Solte o arquivo aqui");
    // Crossing into a child and back out of the parent is still over the zone.
    fireEvent.dragEnter(screen.getByTestId("inner"), files([file]));
    fireEvent.dragLeave(target, files([file]));
    expect(screen.queryByTestId("drop-overlay")).not.toBeNull();
    fireEvent.dragLeave(screen.getByTestId("inner"), files([file]));
    expect(screen.queryByTestId("drop-overlay")).toBeNull();
    expect(store.get(droppedFilesAtom)).toBeNull();
  });

  it("hands dropped files to the composer of this ticket and hides the zone", () => {
    const { store, target } = zone();
    const file = new File(["x"], "foto.png", { type: "image/png" });
    fireEvent.dragEnter(target, files([file]));
    const over = fireEvent.dragOver(target, files([file]));
    // The browser would refuse the drop (or open the file) unless dragover is taken.
    expect(over).toBe(false);
    act(() => {
      fireEvent.drop(target, files([file]));
    });
    expect(screen.queryByTestId("drop-overlay")).toBeNull();
    expect(store.get(droppedFilesAtom)).toMatchObject({ ticketId: 12, files: [file] });
  });

  it("ignores text dragged from the page, and every drag where no reply may be written", () => {
    const text = { dataTransfer: { types: ["text/plain"], files: [] } };
    const first = zone();
    fireEvent.dragEnter(first.target, text);
    expect(fireEvent.dragOver(first.target, text)).toBe(true);
    expect(screen.queryByTestId("drop-overlay")).toBeNull();
    cleanup();

    const closed = zone(false);
    const file = new File(["x"], "foto.png", { type: "image/png" });
    fireEvent.dragEnter(closed.target, files([file]));
    fireEvent.drop(closed.target, files([file]));
    expect(screen.queryByTestId("drop-overlay")).toBeNull();
    expect(closed.store.get(droppedFilesAtom)).toBeNull();
  });
});
