// A read-only table of figures (the dashboard's attendants): a semantic <table> with its caption, header
// cells with scope, numbers aligned right, and a horizontal scroll of its own on narrow screens.
import type { ReactNode } from "react";

export type Column<T> = {
  id: string;
  header: string;
  cell: (row: T) => ReactNode;
  /** Right-aligned (figures). */
  numeric?: boolean;
};

export function DataTable<T>({
  caption,
  columns,
  rows,
  rowKey,
  empty,
  "data-testid": testId,
}: {
  /** The table's name (visually hidden: the screen shows its purpose around it). */
  caption: string;
  columns: readonly Column<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  /** Said in one row when there are none. */
  empty: string;
  "data-testid"?: string;
}) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (axe scrollable-region-focusable)
    <section className="data-table-scroll" tabIndex={0} aria-label={caption}>
      <table className="data-table" data-testid={testId}>
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
            rows.map((r) => (
              <tr key={rowKey(r)}>
                {columns.map((c) => (
                  <td key={c.id} className={c.numeric ? "data-table-numeric" : undefined}>
                    {c.cell(r)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </section>
  );
}
