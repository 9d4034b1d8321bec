// What the shortcuts reach on the screens, by their stable test ids (decision 0090): the ticket list's rows and
// search box, the composer, its private-note switch and the contact drawer's button. Reading the page keeps the
// shortcuts out of the tickets screen's components: a row the list shows is a row Alt+J/K can reach, in the
// order, tab and filter the person chose.

const ROW = "[data-testid='ticket-rows'] a[data-testid='ticket-item']";
const SEARCH = "input[data-testid='ticket-search']";
const COMPOSER = "[data-testid='message-input']";
const COMPOSER_FRAME = "[data-testid='composer']";
const PRIVATE_SWITCH = "[data-testid='private-toggle']";
const DRAWER_TOGGLE = "[data-testid='contact-drawer-toggle']";

/**
 * The ticket list's row `step` rows away from the open one (-1 up, +1 down), as Chatwoot moves: with none open,
 * down starts at the first row and up at the last shown. Null at either end or with no list on screen.
 */
export function neighbourRow(doc: ParentNode, step: -1 | 1): HTMLAnchorElement | null {
  const rows = [...doc.querySelectorAll<HTMLAnchorElement>(ROW)];
  if (rows.length === 0) return null;
  const current = rows.findIndex((r) => r.getAttribute("aria-current") === "page");
  if (current === -1) return (step === 1 ? rows[0] : rows[rows.length - 1]) ?? null;
  return rows[current + step] ?? null;
}

/** Opens a neighbouring conversation as a click on its row would; answers whether there was one. */
export function openNeighbour(doc: ParentNode, step: -1 | 1): boolean {
  const row = neighbourRow(doc, step);
  if (!row) return false;
  row.click();
  // The virtual list renders the rows around the view: keep the open one in it, so the next step finds its neighbour.
  row.scrollIntoView?.({ block: "nearest" });
  return true;
}

/** Moves the keyboard into the ticket list's search; answers whether the box is on screen. */
export function focusSearch(doc: ParentNode): boolean {
  const box = doc.querySelector<HTMLInputElement>(SEARCH);
  if (!box) return false;
  box.focus();
  box.select();
  return true;
}

export function composerBox(doc: ParentNode): HTMLTextAreaElement | null {
  return doc.querySelector<HTMLTextAreaElement>(COMPOSER);
}

/**
 * Puts the composer in reply (private false) or private-note mode (private true) through its own switch, then
 * moves the keyboard into its text box; answers whether the conversation has a composer.
 */
export function focusComposer(doc: ParentNode, mode: { private: boolean } | null): boolean {
  const box = composerBox(doc);
  if (!box) return false;
  if (mode) {
    const isPrivate = doc.querySelector(COMPOSER_FRAME)?.getAttribute("data-private") === "true";
    if (isPrivate !== mode.private) {
      // The switch's own input: a click on it is the person's click (react-aria's Switch).
      const input = doc.querySelector<HTMLInputElement>(`${PRIVATE_SWITCH} input`);
      input?.click();
    }
  }
  // The box re-renders when the mode changes; take the one that stands after it.
  (composerBox(doc) ?? box).focus();
  return true;
}

/** Opens or closes the contact drawer with the header's button; answers whether the button is on screen. */
export function toggleContactDrawer(doc: ParentNode): boolean {
  const button = doc.querySelector<HTMLElement>(DRAWER_TOGGLE);
  if (!button) return false;
  button.click();
  return true;
}

/** Waits (a frame at a time, up to `ms`) for `find` to answer something: a screen opened by a shortcut renders later. */
export function whenPresent<T>(find: () => T | null, ms = 3_000): Promise<T | null> {
  const deadline = performance.now() + ms;
  return new Promise((resolve) => {
    const look = () => {
      const found = find();
      if (found) return resolve(found);
      if (performance.now() > deadline) return resolve(null);
      requestAnimationFrame(look);
    };
    look();
  });
}
