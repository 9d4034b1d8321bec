// A vertical splitter between two panes (the ticket list and the conversation): drag it, or
// focus it and use the arrow keys (Shift for bigger steps), Home and End. A WAI-ARIA
// "window splitter": role separator with its value, so screen readers say the width.
import { type KeyboardEvent, type PointerEvent, useRef } from "react";

export type ResizeHandleProps = {
  /** The left pane's width in pixels. */
  value: number;
  min: number;
  max: number;
  onChange: (value: number) => void;
  /** After a drag or a key press: the value to keep (save it here). */
  onChangeEnd?: (value: number) => void;
  label: string;
  /** Pixels per arrow key press; Shift multiplies by 4. */
  step?: number;
  controls?: string;
  "data-testid"?: string;
};

export const clampWidth = (v: number, min: number, max: number) => Math.round(Math.min(max, Math.max(min, v)));

export function ResizeHandle({
  value,
  min,
  max,
  onChange,
  onChangeEnd,
  label,
  step = 16,
  controls,
  "data-testid": testId,
}: ResizeHandleProps) {
  const drag = useRef<{ x: number; start: number; last: number } | null>(null);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const delta = event.shiftKey ? step * 4 : step;
    const next =
      event.key === "ArrowLeft"
        ? value - delta
        : event.key === "ArrowRight"
          ? value + delta
          : event.key === "Home"
            ? min
            : event.key === "End"
              ? max
              : null;
    if (next === null) return;
    event.preventDefault();
    const v = clampWidth(next, min, max);
    onChange(v);
    onChangeEnd?.(v);
  }

  function onPointerDown(event: PointerEvent<HTMLDivElement>) {
    if (event.button !== 0) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { x: event.clientX, start: value, last: value };
  }

  function onPointerMove(event: PointerEvent<HTMLDivElement>) {
    if (!drag.current) return;
    const v = clampWidth(drag.current.start + event.clientX - drag.current.x, min, max);
    drag.current.last = v;
    onChange(v);
  }

  function onPointerUp(event: PointerEvent<HTMLDivElement>) {
    if (!drag.current) return;
    event.currentTarget.releasePointerCapture(event.pointerId);
    const { last, start } = drag.current;
    drag.current = null;
    if (last !== start) onChangeEnd?.(last);
  }

  return (
    // biome-ignore lint/a11y/useSemanticElements: <hr> cannot be focused or dragged; a window splitter is a focusable separator.
    <div
      role="separator"
      aria-orientation="vertical"
      aria-label={label}
      aria-valuenow={value}
      aria-valuemin={min}
      aria-valuemax={max}
      aria-controls={controls}
      tabIndex={0}
      className="resize-handle"
      onKeyDown={onKeyDown}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      data-testid={testId}
    />
  );
}
