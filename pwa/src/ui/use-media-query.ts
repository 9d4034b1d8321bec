// A CSS media query as React state, for layouts that differ in structure and not just in
// style (the tickets screen: two columns on a desk, two tabs on a phone).
import { useSyncExternalStore } from "react";

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia?.(query);
      list?.addEventListener("change", onChange);
      return () => list?.removeEventListener("change", onChange);
    },
    () => window.matchMedia?.(query).matches ?? false,
    () => false,
  );
}

/** The tickets screen and other two-pane screens switch to one pane with tabs at this width. */
export const NARROW_QUERY = "(max-width: 600px)";
