// A table of records (the dashboard's attendants, the super user's companies): a semantic <table> with its
// caption, header cells with scope, numbers aligned right. On a phone each row stands as a card, each cell named
// by its column (data-label, kit.css), so no table scrolls sideways at 390 px.
// Optionally a row tone (a tinted row; say the state in a cell too, colour alone tells nothing to a screen
// reader) and, for infinite scroll, `onEndReached` when the end comes within 100 px of the view (spec 3 §4).
import { type ReactNode, useEffect, useRef } from "react";

export type Column<T> = {
  id: string;
  header: string;
  cell: (row: T) => ReactNode;
  /** Right-aligned (figures). */
  numeric?: boolean;
};

export type RowTone = "warning" | "danger";

export function DataTable<T>({
  caption,
  columns,
  rows,
  rowKey,
  empty,
  rowTone,
  rowTestId,
  hasMore = false,
  loadingMore = false,
  onEndReached,
  fit = false,
  "data-testid": testId,
}: {
  /** The table's name (visually hidden: the screen shows its purpose around it). */
  caption: string;
  columns: readonly Column<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  /** Said in one row when there are none. */
  empty: string;
  /** A row's tint, or none. */
  rowTone?: (row: T) => RowTone | null | undefined;
  /** data-testid of each body row. */
  rowTestId?: string;
  /** More rows can be loaded: `onEndReached` fires when the table's end comes within 100 px of the view. */
  hasMore?: boolean;
  loadingMore?: boolean;
  onEndReached?: () => void;
  /**
   * Fits the table to its width instead of scrolling sideways: headers and cells wrap at spaces (a word longer than
   * its column breaks where it must), with less padding. For a table of many short columns (the companies).
   */
  fit?: boolean;
  "data-testid"?: string;
}) {
  const end = useRef<HTMLDivElement>(null);
  const reach = useRef(onEndReached);
  reach.current = onEndReached;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page re-observes, so an end still in view asks again.
  useEffect(() => {
    const el = end.current;
    if (!el || !hasMore || loadingMore || typeof IntersectionObserver === "undefined") return;
    const seen = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && reach.current?.(), {
      rootMargin: "0px 0px 100px 0px",
    });
    seen.observe(el);
    return () => seen.disconnect();
  }, [hasMore, loadingMore, rows.length]);
  return (
    <>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (axe scrollable-region-focusable) */}
      <section className="data-table-scroll" tabIndex={0} aria-label={caption}>
        <table className={fit ? "data-table data-table-fit" : "data-table"} data-testid={testId}>
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              {columns.map((c) => (
                <th key={c.id} scope="col" className={c.numeric ? "data-table-numeric" : undefined}>
                  {c.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr>
                <td colSpan={columns.length} className="data-table-empty">
                  {empty}
                </td>
              </tr>
            ) : (
              rows.map((r) => {
                const tone = rowTone?.(r) ?? undefined;
                return (
                  <tr
                    key={rowKey(r)}
                    className={tone ? `data-table-row-${tone}` : undefined}
                    data-tone={tone}
                    data-testid={rowTestId}
                  >
                    {columns.map((c) => (
                      <td key={c.id} className={c.numeric ? "data-table-numeric" : undefined} data-label={c.header}>
                        {c.cell(r)}
                      </td>
                    ))}
                  </tr>
                );
              })
            )}
          </tbody>
        </table>
      </section>
      {onEndReached && <div ref={end} className="data-table-end" aria-hidden="true" />}
    </>
  );
}
