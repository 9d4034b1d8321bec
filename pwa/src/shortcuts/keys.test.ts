// @vitest-environment jsdom
// The key rules of the shortcuts (keys.ts) on real DOM events: which press is which shortcut on a Mac and
// elsewhere, that none fires while typing in a field or while an overlay owns the keys (but Ctrl+K / ⌘K does),
// and how the cheat sheet writes each platform's keys.
import { afterEach, describe, expect, it } from "vitest";
import {
  ariaKeys,
  chordKeys,
  isMacPlatform,
  isTypingTarget,
  matchShortcut,
  overlayOwnsKeys,
  SHORTCUTS,
  shortcutById,
  shortcutFor,
} from "./keys.ts";

/** A keydown as the browser dispatches it, on `target`; answers the event (its target is set by dispatching). */
function press(target: EventTarget, init: KeyboardEventInit): KeyboardEvent {
  const event = new KeyboardEvent("keydown", { bubbles: true, cancelable: true, ...init });
  target.dispatchEvent(event);
  return event;
}

const on = (html: string): HTMLElement => {
  document.body.innerHTML = html;
  return document.body.querySelector("[data-here]") ?? document.body;
};

afterEach(() => {
  document.body.innerHTML = "";
});

describe("matchShortcut", () => {
  it("reads Alt with a letter as Chatwoot binds it: J up, K down, E resolve, P private note, L reply", () => {
    const id = (key: string, code: string) => matchShortcut({ ...none, key, code, altKey: true }, false)?.id;
    expect(id("j", "KeyJ")).toBe("previousConversation");
    expect(id("k", "KeyK")).toBe("nextConversation");
    expect(id("e", "KeyE")).toBe("resolve");
    expect(id("p", "KeyP")).toBe("privateNote");
    expect(id("l", "KeyL")).toBe("focusComposer");
    expect(id("t", "KeyT")).toBe("transfer");
    expect(id("o", "KeyO")).toBe("contactDrawer");
    expect(id("x", "KeyX")).toBeUndefined();
  });

  it("on a Mac reads Option's characters by the key's place: ⌥J types ∆ and ⌥E is a dead key", () => {
    expect(matchShortcut({ ...none, key: "∆", code: "KeyJ", altKey: true }, true)?.id).toBe("previousConversation");
    expect(matchShortcut({ ...none, key: "Dead", code: "KeyE", altKey: true }, true)?.id).toBe("resolve");
    expect(matchShortcut({ ...none, key: "˚", code: "KeyK", altKey: true }, true)?.id).toBe("nextConversation");
  });

  it("follows the person's layout where Alt leaves the letter as it is (AZERTY: the key printed A sits on KeyQ)", () => {
    expect(matchShortcut({ ...none, key: "e", code: "KeyE", altKey: true }, false)?.id).toBe("resolve");
    // The key printed T on a layout that moved it: its letter wins over its place.
    expect(matchShortcut({ ...none, key: "t", code: "KeyY", altKey: true }, false)?.id).toBe("transfer");
  });

  it("never takes Ctrl+Alt (AltGr on Windows layouts types characters) nor Alt with ⌘", () => {
    expect(matchShortcut({ ...none, key: "e", code: "KeyE", altKey: true, ctrlKey: true }, false)).toBeNull();
    expect(matchShortcut({ ...none, key: "e", code: "KeyE", altKey: true, metaKey: true }, true)).toBeNull();
  });

  it("opens the palette with ⌘K on a Mac and Ctrl+K elsewhere, not the other way round", () => {
    expect(matchShortcut({ ...none, key: "k", code: "KeyK", metaKey: true }, true)?.id).toBe("palette");
    expect(matchShortcut({ ...none, key: "k", code: "KeyK", ctrlKey: true }, true)).toBeNull();
    expect(matchShortcut({ ...none, key: "k", code: "KeyK", ctrlKey: true }, false)?.id).toBe("palette");
    expect(matchShortcut({ ...none, key: "k", code: "KeyK", metaKey: true }, false)).toBeNull();
    // Caps lock on: the letter comes upper case.
    expect(matchShortcut({ ...none, key: "K", code: "KeyK", ctrlKey: true }, false)?.id).toBe("palette");
  });

  it("takes '?' for the cheat sheet (typed with Shift) and '/' for the search, Ctrl+/ or ⌘/ for the sheet too", () => {
    expect(matchShortcut({ ...none, key: "?", code: "Slash", shiftKey: true }, false)?.id).toBe("cheatSheet");
    expect(matchShortcut({ ...none, key: "/", code: "Slash" }, false)?.id).toBe("focusSearch");
    expect(matchShortcut({ ...none, key: "/", code: "Slash", ctrlKey: true }, false)?.id).toBe("cheatSheet");
    expect(matchShortcut({ ...none, key: "/", code: "Slash", metaKey: true }, true)?.id).toBe("cheatSheet");
    expect(matchShortcut({ ...none, key: "/", code: "Slash", altKey: true }, false)).toBeNull();
  });

  it("ignores a key pressed while an input method composes a character", () => {
    expect(matchShortcut({ ...none, key: "k", code: "KeyK", ctrlKey: true, isComposing: true }, false)).toBeNull();
  });

  it("binds no chord twice", () => {
    const chords = SHORTCUTS.flatMap((s) => s.chords.map((c) => ariaKeys(c, false)));
    expect(new Set(chords).size).toBe(chords.length);
  });
});

const none = { key: "", code: "", altKey: false, ctrlKey: false, metaKey: false, shiftKey: false };

describe("shortcutFor on the page", () => {
  const altK = { key: "k", code: "KeyK", altKey: true };
  const ctrlK = { key: "k", code: "KeyK", ctrlKey: true };

  it("fires on the page and on a button, a checkbox or a link", () => {
    for (const html of [
      "<p data-here>texto</p>",
      "<button data-here>Ok</button>",
      "<input type='checkbox' data-here>",
      "<a href='/x' data-here>x</a>",
    ]) {
      expect(shortcutFor(press(on(html), altK), false, document)?.id).toBe("nextConversation");
    }
  });

  it("does not fire while typing: input, textarea, select, editable content (and inside it)", () => {
    for (const html of [
      "<input data-here>",
      "<input type='search' data-here>",
      "<input type='email' data-here>",
      "<textarea data-here></textarea>",
      "<select data-here><option>a</option></select>",
      "<div contenteditable='true' data-here>x</div>",
      "<div contenteditable='true'><b data-here>x</b></div>",
    ]) {
      const target = on(html);
      expect(isTypingTarget(target)).toBe(true);
      expect(shortcutFor(press(target, altK), false, document)).toBeNull();
      expect(shortcutFor(press(target, { key: "/", code: "Slash" }), false, document)).toBeNull();
      expect(shortcutFor(press(target, { key: "?", code: "Slash", shiftKey: true }), false, document)).toBeNull();
    }
  });

  it("still opens the palette from a field with Ctrl+K (⌘K on a Mac)", () => {
    expect(shortcutFor(press(on("<textarea data-here></textarea>"), ctrlK), false, document)?.id).toBe("palette");
    const mac = { key: "k", code: "KeyK", metaKey: true };
    expect(shortcutFor(press(on("<input data-here>"), mac), true, document)?.id).toBe("palette");
  });

  it("does not fire while a dialog, a menu or a select's list is open, nor from inside one", () => {
    for (const html of [
      "<p data-here>x</p><div role='dialog'>d</div>",
      "<p data-here>x</p><div role='alertdialog'>d</div>",
      "<p data-here>x</p><div role='menu'>m</div>",
      "<p data-here>x</p><div role='listbox'>l</div>",
      "<div role='dialog'><button data-here>b</button></div>",
    ]) {
      const target = on(html);
      expect(overlayOwnsKeys(document, target)).toBe(true);
      expect(shortcutFor(press(target, altK), false, document)).toBeNull();
    }
    // The palette's own chord is let through: the layer decides (close the palette, or leave another dialog be).
    expect(shortcutFor(press(on("<p data-here>x</p><div role='dialog'>d</div>"), ctrlK), false, document)?.id).toBe(
      "palette",
    );
  });

  it("leaves a key another handler already took", () => {
    const target = on("<p data-here>x</p>");
    target.addEventListener("keydown", (e) => e.preventDefault());
    expect(shortcutFor(press(target, altK), false, document)).toBeNull();
  });
});

describe("how the keys are written", () => {
  it("prints ⌥ and ⌘ on a Mac, Alt and Ctrl elsewhere", () => {
    const resolve = shortcutById("resolve").chords[0]!;
    const palette = shortcutById("palette").chords[0]!;
    expect(chordKeys(resolve, true)).toEqual(["⌥", "E"]);
    expect(chordKeys(resolve, false)).toEqual(["Alt", "E"]);
    expect(chordKeys(palette, true)).toEqual(["⌘", "K"]);
    expect(chordKeys(palette, false)).toEqual(["Ctrl", "K"]);
    expect(ariaKeys(palette, true)).toBe("Meta+K");
    expect(ariaKeys(palette, false)).toBe("Control+K");
  });

  it("knows a Mac, an iPad and the rest by the platform", () => {
    expect(isMacPlatform({ platform: "MacIntel" })).toBe(true);
    expect(isMacPlatform({ platform: "iPad" })).toBe(true);
    expect(isMacPlatform({ platform: "Win32" })).toBe(false);
    expect(isMacPlatform({ platform: "Linux x86_64" })).toBe(false);
    expect(isMacPlatform({ platform: "", userAgent: "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0)" })).toBe(true);
  });
});
