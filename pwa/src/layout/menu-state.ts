// Whether the side menu is open: the person's last toggle on this device, else their
// profile's default menu (spec 1 §1: open by default).
import { atom } from "jotai";

const MENU_KEY = "menuOpen";

export function storedMenuOpen(): boolean | null {
  try {
    const stored = localStorage.getItem(MENU_KEY);
    return stored === null ? null : stored === "true";
  } catch {
    return null;
  }
}

export function rememberMenuOpen(open: boolean): void {
  try {
    localStorage.setItem(MENU_KEY, String(open));
  } catch {
    // Not remembered; the toggle still works for this page.
  }
}

/** null until the layout settles it from storage or the user's default. */
export const menuOpenAtom = atom<boolean | null>(null);
