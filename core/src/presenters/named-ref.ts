// The `{ id, name }` that an answer nests for a joined row (a ticket's user or queue, a note's author...), read
// as two plain columns of a LEFT JOIN and shaped here rather than in SQL (decision 0085).

export type NamedRef = { id: number; name: string };

/** The joined row's `{ id, name }`, or null when the join found none. */
export function namedRef(id: number | null | undefined, name: string | null | undefined): NamedRef | null {
  return id == null ? null : { id, name: name as string };
}
