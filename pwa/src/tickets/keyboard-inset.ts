// The on-screen keyboard's height over the page (decision 0088). Where the browser resizes the page for the
// keyboard (Chrome for Android with `interactive-widget=resizes-content`, and so the installed app) the inset
// is 0 and the layout already ends above the keyboard; where it only shrinks the visual viewport (Safari on
// iOS) the conversation is lifted by the inset, so the composer stays above the keyboard.
import { useCallback, useEffect, useRef } from "react";

type Viewport = { height: number; offsetTop: number; scale: number };

/** How much of the layout viewport's bottom the visual viewport leaves out (0 while pinch-zoomed: that is not a keyboard). */
export function keyboardInset(layoutHeight: number, viewport: Viewport): number {
  if (viewport.scale > 1.01) return 0;
  return Math.max(0, Math.round(layoutHeight - viewport.height - viewport.offsetTop));
}

/**
 * Keeps `--keyboard-inset` on the element in step with the visual viewport (its resize and scroll events).
 * Answers a callback ref, so an element that appears after a splash is followed too.
 */
export function useKeyboardInset(): (el: HTMLElement | null) => void {
  const stop = useRef<(() => void) | null>(null);
  useEffect(() => () => stop.current?.(), []);
  return useCallback((el: HTMLElement | null) => {
    stop.current?.();
    stop.current = null;
    const viewport = window.visualViewport;
    if (!el || !viewport) return;
    const update = () => el.style.setProperty("--keyboard-inset", `${keyboardInset(window.innerHeight, viewport)}px`);
    update();
    viewport.addEventListener("resize", update);
    viewport.addEventListener("scroll", update);
    stop.current = () => {
      viewport.removeEventListener("resize", update);
      viewport.removeEventListener("scroll", update);
    };
  }, []);
}
