// The Whaticket-family database being read: which of the known tables and columns it has (the community version
// has no Companies and no companyId; the SaaS forks add them and more, each fork its own), and reads of it in
// keyset-paged batches, so an import holds one batch in memory whatever the database's size (decision 0123).
import type pg from "pg";

export type SourceSchema = {
  /** Columns of each table of the source's schema, by table name as Sequelize made it ("Tickets"). */
  tables: Map<string, Set<string>>;
  /** Primary key columns of each table, in key order. */
  keys: Map<string, string[]>;
  /** A SaaS fork: a Companies table and companyId on the tickets. */
  saas: boolean;
};

/** What every Whaticket-family version has; without it this is not one. */
const REQUIRED = ["Users", "Contacts", "Tickets", "Messages", "Whatsapps", "Queues"];

export async function readSourceSchema(pool: pg.Pool): Promise<SourceSchema> {
  const { rows } = await pool.query<{ table_name: string; column_name: string }>(
    `SELECT table_name, column_name FROM information_schema.columns
     WHERE table_schema = current_schema() ORDER BY table_name, ordinal_position`,
  );
  const tables = new Map<string, Set<string>>();
  for (const r of rows) {
    const cols = tables.get(r.table_name) ?? new Set<string>();
    cols.add(r.column_name);
    tables.set(r.table_name, cols);
  }
  const missing = REQUIRED.filter((t) => !tables.has(t));
  if (missing.length) {
    throw new Error(`not a Whaticket database: no ${missing.map((t) => `"${t}"`).join(", ")} table in its schema`);
  }
  const pk = await pool.query<{ table_name: string; column_name: string }>(
    `SELECT tc.table_name, k.column_name FROM information_schema.table_constraints tc
     JOIN information_schema.key_column_usage k
       ON k.constraint_schema = tc.constraint_schema AND k.constraint_name = tc.constraint_name
         AND k.table_name = tc.table_name
     WHERE tc.constraint_type = 'PRIMARY KEY' AND tc.table_schema = current_schema()
     ORDER BY tc.table_name, k.ordinal_position`,
  );
  const keys = new Map<string, string[]>();
  for (const r of pk.rows) keys.set(r.table_name, [...(keys.get(r.table_name) ?? []), r.column_name]);
  const saas = tables.has("Companies") && (tables.get("Tickets")?.has("companyId") ?? false);
  return { tables, keys, saas };
}

export const hasTable = (s: SourceSchema, table: string) => s.tables.has(table);
export const hasColumn = (s: SourceSchema, table: string, column: string) => s.tables.get(table)?.has(column) ?? false;

/** `x."column" AS "as"` when the source has it, else `fallback AS "as"`: one query over every version. */
export function pick(s: SourceSchema, table: string, alias: string, column: string, fallback = "NULL", as = column) {
  return `${hasColumn(s, table, column) ? `${alias}."${column}"` : fallback} AS "${as}"`;
}

/** The first of `columns` the source has (forks name the same thing differently), as `as`. */
export function pickFirst(s: SourceSchema, table: string, alias: string, columns: string[], as: string) {
  const found = columns.find((c) => hasColumn(s, table, c));
  return `${found ? `${alias}."${found}"` : "NULL"} AS "${as}"`;
}

/**
 * Reads `from` (a query without ORDER BY or LIMIT, its rows carrying the key columns `keys` of alias x) in batches of
 * `size`, ordered by the key: each batch starts after the last key of the one before (keyset paging).
 */
export async function* pages<R extends Record<string, unknown>>(
  pool: pg.Pool,
  from: { text: string; values: unknown[] },
  keys: string[],
  size: number,
): AsyncGenerator<R[]> {
  const cols = keys.map((k) => `x."${k}"`).join(", ");
  let after: unknown[] | null = null;
  for (;;) {
    const n = from.values.length;
    const cond: string = after ? ` AND (${cols}) > (${keys.map((_, i) => `$${n + 1 + i}`).join(", ")})` : "";
    const values: unknown[] = [...from.values, ...(after ?? []), size];
    const result: pg.QueryResult<R> = await pool.query<R>(
      `${from.text}${cond} ORDER BY ${cols} LIMIT $${values.length}`,
      values,
    );
    const rows = result.rows;
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < size) return;
    const last: R = rows[rows.length - 1]!;
    after = keys.map((k): unknown => last[k]);
  }
}
