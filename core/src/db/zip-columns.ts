// A list that an answer nests (a user's queues, a contact's tags...) read as one array per field, in one order,
// by a lateral subquery, and zipped back into objects in TypeScript: the answer's shape is built by its presenter,
// not by json_agg(json_build_object(...)) in SQL (decision 0085).

/**
 * `array_agg(<expr> ORDER BY <orderBy>) AS "<key>"` for each field, for a `LEFT JOIN LATERAL (SELECT ... FROM ...)`
 * whose columns zipColumns reads back; e.g. `arrayColumns({ queueIds: "q.id" }, "q.id")`.
 */
export function arrayColumns(fields: Record<string, string>, orderBy: string): string {
  return Object.entries(fields)
    .map(([key, expr]) => `array_agg(${expr} ORDER BY ${orderBy}) AS "${key}"`)
    .join(", ");
}

/**
 * Objects from arrays of one length, one array per field: `{ id: [1, 2], name: ["a", "b"] }` is
 * `[{ id: 1, name: "a" }, { id: 2, name: "b" }]`. A null array (array_agg over no rows) is no items.
 */
export function zipColumns<T extends Record<string, unknown>>(columns: { [K in keyof T]: T[K][] | null }): T[] {
  const keys = Object.keys(columns) as (keyof T)[];
  const length = keys.length === 0 ? 0 : (columns[keys[0]!]?.length ?? 0);
  return Array.from({ length }, (_, i) => {
    const item = {} as T;
    for (const key of keys) item[key] = columns[key]![i] as T[keyof T];
    return item;
  });
}
