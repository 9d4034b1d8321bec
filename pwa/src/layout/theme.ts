// Light/dark theme through CSS variables (styles/app.css keys on data-theme).
// The choice is remembered on this device; the first visit follows the system.
import { atom } from "jotai";

export type Theme = "light" | "dark";
const STORAGE_KEY = "theme";

export function initialTheme(): Theme {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    if (stored === "light" || stored === "dark") return stored;
  } catch {
    // Storage blocked: fall through to the system preference.
  }
  return window.matchMedia?.("(prefers-color-scheme: dark)").matches ? "dark" : "light";
}

export function applyTheme(theme: Theme): void {
  document.documentElement.dataset.theme = theme;
  document.documentElement.style.colorScheme = theme;
}

export const themeAtom = atom<Theme>("light");

/** Writable view of the theme that also applies and remembers it. */
export const persistedThemeAtom = atom(
  (get) => get(themeAtom),
  (_get, set, theme: Theme) => {
    set(themeAtom, theme);
    applyTheme(theme);
    try {
      localStorage.setItem(STORAGE_KEY, theme);
    } catch {
      // Not remembered; still applied for this page.
    }
  },
);
