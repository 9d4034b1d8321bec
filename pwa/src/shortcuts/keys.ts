// The keyboard shortcuts' table and the rules that read a key press (decision 0090): which shortcut a press is,
// whether the person is typing in a field or an overlay owns the keys, and how a shortcut is written for this
// platform (⌥ and ⌘ on a Mac, Alt and Ctrl elsewhere). Pure functions of the event and the DOM, no React.

export type ShortcutId =
  | "previousConversation"
  | "nextConversation"
  | "focusSearch"
  | "focusComposer"
  | "privateNote"
  | "resolve"
  | "transfer"
  | "contactDrawer"
  | "goTickets"
  | "goContacts"
  | "goReports"
  | "goSettings"
  | "palette"
  | "cheatSheet";

/** How a shortcut is pressed: a letter with Alt (Option), with Ctrl (⌘ on a Mac), or a plain character. */
export type Chord =
  | { kind: "alt"; letter: string }
  | { kind: "mod"; key: string }
  /** A printed character with no Alt, Ctrl or ⌘ (Shift allowed: it is how '?' is typed). */
  | { kind: "plain"; char: string };

export type ShortcutGroup = "conversations" | "ticket" | "screens" | "general";

export type Shortcut = {
  id: ShortcutId;
  group: ShortcutGroup;
  /** The first chord is the one the cheat sheet shows first. */
  chords: readonly Chord[];
  /** Fires even while typing in a field (it has a modifier no text uses, and it opens something over the page). */
  inFields?: boolean;
};

const alt = (letter: string): Chord => ({ kind: "alt", letter });

/** The bindings: Chatwoot's where it has one (Alt+J/K, Alt+E, Alt+P/L, Alt+O, Alt+C/V/R/S, ⌘K, ⌘/). */
export const SHORTCUTS: readonly Shortcut[] = [
  { id: "previousConversation", group: "conversations", chords: [alt("j")] },
  { id: "nextConversation", group: "conversations", chords: [alt("k")] },
  { id: "focusSearch", group: "conversations", chords: [{ kind: "plain", char: "/" }] },
  { id: "focusComposer", group: "ticket", chords: [alt("l")] },
  { id: "privateNote", group: "ticket", chords: [alt("p")] },
  { id: "resolve", group: "ticket", chords: [alt("e")] },
  { id: "transfer", group: "ticket", chords: [alt("t")] },
  { id: "contactDrawer", group: "ticket", chords: [alt("o")] },
  { id: "goTickets", group: "screens", chords: [alt("c")] },
  { id: "goContacts", group: "screens", chords: [alt("v")] },
  { id: "goReports", group: "screens", chords: [alt("r")] },
  { id: "goSettings", group: "screens", chords: [alt("s")] },
  { id: "palette", group: "general", chords: [{ kind: "mod", key: "k" }], inFields: true },
  {
    id: "cheatSheet",
    group: "general",
    chords: [
      { kind: "plain", char: "?" },
      { kind: "mod", key: "/" },
    ],
  },
];

export const SHORTCUT_GROUPS: readonly ShortcutGroup[] = ["conversations", "ticket", "screens", "general"];

/** What of a keydown the rules read (a KeyboardEvent has all of it). */
export type KeyPress = Pick<KeyboardEvent, "key" | "code" | "altKey" | "ctrlKey" | "metaKey" | "shiftKey"> & {
  isComposing?: boolean;
};

/** Apple's platforms put the command key where others put Ctrl. */
export function isMacPlatform(nav: { platform?: string; userAgent?: string } | undefined): boolean {
  if (!nav) return false;
  return /Mac|iPhone|iPad|iPod/i.test(nav.platform || nav.userAgent || "");
}

/**
 * The letter a press with Alt stands for. The key itself where it is a plain letter (the person's layout: Alt+J on
 * an AZERTY keyboard is the key printed J); on a Mac, Option turns letters into other characters (⌥J types ∆, ⌥E is
 * a dead key), so there the physical key's code says which letter it is.
 */
function letterOf(press: KeyPress): string | null {
  const key = press.key.toLowerCase();
  if (/^[a-z]$/.test(key)) return key;
  const code = /^Key([A-Z])$/.exec(press.code);
  return code?.[1] ? code[1].toLowerCase() : null;
}

function matches(chord: Chord, press: KeyPress, mac: boolean): boolean {
  switch (chord.kind) {
    case "alt":
      // Ctrl+Alt is AltGr on Windows layouts (it types @, €, …): never a shortcut.
      return press.altKey && !press.ctrlKey && !press.metaKey && letterOf(press) === chord.letter;
    case "mod": {
      const mod = mac ? press.metaKey && !press.ctrlKey : press.ctrlKey && !press.metaKey;
      const key = chord.key.length === 1 && /[a-z]/.test(chord.key) ? letterOf(press) : press.key;
      return mod && !press.altKey && key === chord.key;
    }
    case "plain":
      return !press.altKey && !press.ctrlKey && !press.metaKey && press.key === chord.char;
  }
}

/** The shortcut this press is, if any. */
export function matchShortcut(press: KeyPress, mac: boolean): Shortcut | null {
  if (press.isComposing) return null;
  return SHORTCUTS.find((s) => s.chords.some((c) => matches(c, press, mac))) ?? null;
}

/** Input types whose keys are not text: a shortcut pressed on a checkbox or a button still counts. */
const NOT_TEXT = new Set(["checkbox", "radio", "button", "submit", "reset", "range", "color", "file", "image"]);

/** Whether keys pressed on this element type into it: a text input, a text area, a select or editable content. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!target || typeof (target as Element).closest !== "function") return false;
  const el = target as HTMLElement;
  if (el.isContentEditable || el.closest("[contenteditable=''], [contenteditable='true']")) return true;
  const tag = el.tagName;
  if (tag === "TEXTAREA" || tag === "SELECT") return true;
  if (tag === "INPUT") return !NOT_TEXT.has((el as HTMLInputElement).type);
  return false;
}

/** Overlays that take the keys while open: dialogs, menus and the list of a select or combo box. */
const OVERLAY = "[role='dialog'], [role='alertdialog'], [role='menu'], [role='listbox']";

/** Whether an overlay owns the keys: one is open in the page, or the press comes from inside one. */
export function overlayOwnsKeys(doc: Pick<Document, "querySelector">, target: EventTarget | null): boolean {
  if (target && typeof (target as Element).closest === "function" && (target as Element).closest(OVERLAY)) {
    return true;
  }
  return doc.querySelector(OVERLAY) !== null;
}

/**
 * The shortcut a keydown should run, or null: no shortcut fires while typing in a field or while an overlay owns
 * the keys, except those marked `inFields` (the palette, which closes with the same chord or Escape).
 */
export function shortcutFor(
  event: KeyPress & { target: EventTarget | null; defaultPrevented?: boolean },
  mac: boolean,
  doc: Pick<Document, "querySelector">,
): Shortcut | null {
  if (event.defaultPrevented) return null;
  const shortcut = matchShortcut(event, mac);
  if (!shortcut) return null;
  if (shortcut.inFields) return shortcut;
  if (isTypingTarget(event.target) || overlayOwnsKeys(doc, event.target)) return null;
  return shortcut;
}

/** The keys of a chord as this platform prints them: ['⌥', 'J'] on a Mac, ['Alt', 'J'] elsewhere. */
export function chordKeys(chord: Chord, mac: boolean): string[] {
  switch (chord.kind) {
    case "alt":
      return [mac ? "⌥" : "Alt", chord.letter.toUpperCase()];
    case "mod":
      return [mac ? "⌘" : "Ctrl", chord.key.toUpperCase()];
    case "plain":
      return [chord.char];
  }
}

/** A chord as one string for a screen reader and for aria-keyshortcuts ('Alt+J', 'Meta+K', '?'). */
export function ariaKeys(chord: Chord, mac: boolean): string {
  switch (chord.kind) {
    case "alt":
      return `Alt+${chord.letter.toUpperCase()}`;
    case "mod":
      return `${mac ? "Meta" : "Control"}+${chord.key.toUpperCase()}`;
    case "plain":
      return chord.char;
  }
}

export function shortcutById(id: ShortcutId): Shortcut {
  const s = SHORTCUTS.find((x) => x.id === id);
  if (!s) throw new Error(`unknown shortcut ${id}`);
  return s;
}
