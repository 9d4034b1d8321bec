import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import {
  addQuickMessage,
  listQuickMessages,
  observeQuickMessages,
  quickMessagesDocumentName,
  quickMessagesListOf,
  removeQuickMessage,
  updateQuickMessage,
} from "./quick-messages.ts";

describe("#quick-messages document", () => {
  it("names the general list and each user's personal list, and reads the names back", () => {
    expect(quickMessagesDocumentName(12)).toBe("company/12/quick-messages/general");
    expect(quickMessagesDocumentName(12, { general: false, userId: 7 })).toBe("company/12/quick-messages/user-7");
    expect(quickMessagesListOf("general")).toEqual({ general: true });
    expect(quickMessagesListOf("user-7")).toEqual({ general: false, userId: 7 });
    for (const id of ["main", "user-", "user-0", "user-07", "user-7a", "General"]) {
      expect(quickMessagesListOf(id), id).toBeNull();
    }
  });

  it("adds, updates, removes and lists items ordered by shortcode", () => {
    const doc = new Y.Doc();
    addQuickMessage(doc, { id: "b", shortcode: "tchau", message: "Tchau", userId: 3 });
    addQuickMessage(doc, { id: "a", shortcode: "oi", message: "Oi", mediaPath: "m/oi.png" });
    expect(listQuickMessages(doc)).toEqual([
      { id: "a", shortcode: "oi", message: "Oi", mediaPath: "m/oi.png" },
      { id: "b", shortcode: "tchau", message: "Tchau", userId: 3 },
    ]);

    expect(updateQuickMessage(doc, "a", { message: "Olá", mediaPath: null })).toBe(true);
    expect(updateQuickMessage(doc, "missing", { message: "x" })).toBe(false);
    expect(listQuickMessages(doc)[0]).toEqual({ id: "a", shortcode: "oi", message: "Olá" });

    expect(removeQuickMessage(doc, "b")).toBe(true);
    expect(removeQuickMessage(doc, "b")).toBe(false);
    expect(listQuickMessages(doc).map((i) => i.id)).toEqual(["a"]);
  });

  it("skips what a client wrote outside the layout instead of trusting it", () => {
    const doc = new Y.Doc();
    const root = doc.getMap<unknown>("quickMessages");
    root.set("plain", { shortcode: "not-a-ymap" });
    const noShortcode = new Y.Map<unknown>();
    root.set("blank", noShortcode);
    noShortcode.set("shortcode", "  ");
    const odd = new Y.Map<unknown>();
    root.set("odd", odd);
    odd.set("shortcode", "ok");
    odd.set("message", 42);
    odd.set("userId", "7");
    expect(listQuickMessages(doc)).toEqual([{ id: "odd", shortcode: "ok", message: "" }]);
  });

  it("tells observers about changes inside an item", () => {
    const doc = new Y.Doc();
    let calls = 0;
    const stop = observeQuickMessages(doc, () => calls++);
    addQuickMessage(doc, { id: "a", shortcode: "oi", message: "" });
    updateQuickMessage(doc, "a", { message: "Oi" });
    expect(calls).toBe(2);
    stop();
    removeQuickMessage(doc, "a");
    expect(calls).toBe(2);
  });

  it("merges a copy's edits through Yjs updates", () => {
    const a = new Y.Doc();
    const b = new Y.Doc();
    a.on("update", (u: Uint8Array) => Y.applyUpdate(b, u));
    addQuickMessage(a, { id: "x", shortcode: "pix", message: "Chave" });
    expect(listQuickMessages(b)).toEqual(listQuickMessages(a));
  });
});
