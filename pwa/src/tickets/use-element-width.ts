// An element's own width as React state (the conversation's, the composer's, the header's): what fits there
// depends on the room the list and the drawer leave, not on the window. A callback ref, so an element that
// appears later (after a splash) is measured too; measured while React commits, before the first paint, so a
// layout chosen by width does not flash the other one first.
import { useCallback, useRef, useState } from "react";

export function useElementWidth<T extends HTMLElement>(): { ref: (el: T | null) => void; width: number } {
  const [width, setWidth] = useState(0);
  const observer = useRef<ResizeObserver | null>(null);
  const ref = useCallback((el: T | null) => {
    observer.current?.disconnect();
    observer.current = null;
    if (!el) return;
    setWidth(el.clientWidth);
    const watch = new ResizeObserver(([entry]) => setWidth(entry?.contentRect.width ?? el.clientWidth));
    watch.observe(el);
    observer.current = watch;
  }, []);
  return { ref, width };
}
