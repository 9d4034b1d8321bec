// A long list that renders only the rows in view (@tanstack/react-virtual), so a list of
// thousands scrolls smoothly, and asks for the next page when the scroll comes within
// `endThreshold` px of the bottom (spec 1 §9: 100 px). Rows are kit ListItems of one fixed
// height (`rowHeight`): the list knows where every row is without measuring them.
import {
  elementScroll,
  observeElementOffset,
  observeElementRect,
  useVirtualizer,
  type Virtualizer,
} from "@tanstack/react-virtual";
import { type CSSProperties, Fragment, type ReactNode, useCallback, useEffect, useRef } from "react";
import { List } from "./list-item.tsx";
import { Spinner } from "./spinner.tsx";

type ListVirtualizer = Virtualizer<HTMLElement, Element>;

/** Lists whose size and offset the virtualizer reads already (after the first frame that laid them out). */
const laidOut = new WeakSet<Element>();

/** `observe` from the next frame on, where the browser lays the page out anyway; cancelled on unmount. */
function fromNextFrame<C>(observe: (instance: ListVirtualizer, cb: C) => undefined | (() => void)) {
  return (instance: ListVirtualizer, cb: C) => {
    let stop: undefined | (() => void);
    const frame = requestAnimationFrame(() => {
      const el = instance.scrollElement;
      if (el) laidOut.add(el);
      stop = observe(instance, cb);
    });
    return () => {
      cancelAnimationFrame(frame);
      stop?.();
    };
  };
}

// As it attaches to a list just mounted, the virtualizer reads the list's size and scroll offset and scrolls it
// to its offset: inside React's commit, each of those makes the browser lay the whole new screen out there and
// then, in the same task (issue 24: about 25 ms of a phone's first load of /tickets). A list just mounted is at
// offset 0 and assumed a screenful high (initialRect), so the reads wait for the next frame, and the scroll to
// where it already is never happens.
const observeRect = fromNextFrame(observeElementRect<HTMLElement>);
const observeOffset = fromNextFrame(observeElementOffset<HTMLElement>);
const scrollTo: typeof elementScroll<HTMLElement> = (offset, options, instance) => {
  const el = instance.scrollElement;
  if (el && !laidOut.has(el) && offset + (options.adjustments ?? 0) === 0) return;
  elementScroll(offset, options, instance);
};

export type VirtualListProps<T> = {
  items: readonly T[];
  getKey: (item: T) => string | number;
  /** One row, usually a <ListItem>; it is given exactly `rowHeight` px. */
  renderRow: (item: T, index: number) => ReactNode;
  rowHeight: number;
  /** Names the scroll region and the list. */
  label: string;
  /** More rows exist beyond `items`: reaching the end calls onEndReached. */
  hasMore?: boolean;
  /** A page is on its way: shows a spinner under the rows and holds further onEndReached calls. */
  loadingMore?: boolean;
  onEndReached?: () => void;
  /** Distance from the bottom, in px, at which the next page is asked for. */
  endThreshold?: number;
  /** Rows rendered beyond the visible ones on each side. */
  overscan?: number;
  className?: string;
  "data-testid"?: string;
};

export function VirtualList<T>({
  items,
  getKey,
  renderRow,
  rowHeight,
  label,
  hasMore = false,
  loadingMore = false,
  onEndReached,
  endThreshold = 100,
  overscan = 6,
  className,
  "data-testid": testId,
}: VirtualListProps<T>) {
  const scrollRef = useRef<HTMLElement>(null);
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan,
    // Before the first layout (and where nothing is laid out, as in jsdom) assume a screenful.
    initialRect: { width: 0, height: 900 },
    observeElementRect: observeRect,
    observeElementOffset: observeOffset,
    scrollToFn: scrollTo,
  });
  const rows = virtualizer.getVirtualItems();

  const checkEnd = useCallback(() => {
    const el = scrollRef.current;
    if (!el || !hasMore || loadingMore || !onEndReached) return;
    if (el.scrollHeight - el.scrollTop - el.clientHeight <= endThreshold) onEndReached();
  }, [hasMore, loadingMore, onEndReached, endThreshold]);

  // A first page shorter than the viewport cannot be scrolled: ask for more at once.
  // biome-ignore lint/correctness/useExhaustiveDependencies: items.length changes the scroll height
  useEffect(checkEnd, [checkEnd, items.length]);

  const style = { "--virtual-row-height": `${rowHeight}px` } as CSSProperties;
  return (
    // A named section is a region: the scroll area itself is a landmark one can reach.
    <section
      ref={scrollRef}
      className={className ? `virtual-list ${className}` : "virtual-list"}
      style={style}
      aria-label={label}
      onScroll={checkEnd}
      data-testid={testId}
    >
      <div className="virtual-list-space" style={{ height: virtualizer.getTotalSize() }}>
        <div className="virtual-list-window" style={{ transform: `translateY(${rows[0]?.start ?? 0}px)` }}>
          <List label={label}>
            {rows.map((row) => {
              const item = items[row.index] as T;
              return <Fragment key={getKey(item)}>{renderRow(item, row.index)}</Fragment>;
            })}
          </List>
        </div>
      </div>
      {loadingMore && (
        <div className="virtual-list-more">
          <Spinner />
        </div>
      )}
    </section>
  );
}
