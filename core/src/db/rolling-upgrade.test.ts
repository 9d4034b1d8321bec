// Rolling upgrades (decision 0097): the migrations added since the last release run while that release still
// serves, so they may only expand the schema. Every table and column the released schema has is still there with
// its type, a column the release may leave out of an INSERT still may be left out (nullable or with a default), and
// no new migration drops, renames or retypes anything. A contract step (dropping what the new release stopped
// using) ships in the release after, when nothing running reads it any more.
import { readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { createEmptyDatabase, createMigratedDatabase } from "../testing/test-db.ts";
import { forFile } from "../testing/test-world.ts";
import { LAST_RELEASED_MIGRATION } from "./migrations/released.ts";
import { MIGRATIONS, openDb } from "./orm.ts";

type Column = { type: string; nullable: boolean; hasDefault: boolean };
type Schema = Map<string, Map<string, Column>>;

async function schemaOf(url: string): Promise<Schema> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{
      table_name: string;
      column_name: string;
      data_type: string;
      is_nullable: string;
      column_default: string | null;
      is_identity: string;
    }>(
      `SELECT table_name, column_name, data_type, is_nullable, column_default, is_identity
       FROM information_schema.columns WHERE table_schema = 'public'`,
    );
    const schema: Schema = new Map();
    for (const r of rows) {
      const table = schema.get(r.table_name) ?? new Map<string, Column>();
      table.set(r.column_name, {
        type: r.data_type,
        nullable: r.is_nullable === "YES",
        hasDefault: r.column_default !== null || r.is_identity === "YES",
      });
      schema.set(r.table_name, table);
    }
    return schema;
  } finally {
    await client.end();
  }
}

/** The released schema (migrated up to LAST_RELEASED_MIGRATION) and today's (migrated fully). */
const schemas = forFile(
  async () => {
    const before = await createEmptyDatabase();
    const now = await createMigratedDatabase();
    const db = await openDb(before.url);
    try {
      await db.orm.migrator.up({ to: LAST_RELEASED_MIGRATION });
    } finally {
      await db.close();
    }
    const [released, current] = await Promise.all([schemaOf(before.url), schemaOf(now.url)]);
    return { released, current, dbs: [before, now] };
  },
  {
    timeout: 120_000,
    async stop({ dbs }) {
      for (const db of dbs) await db.drop();
    },
  },
);

const sinceRelease = () => {
  const at = MIGRATIONS.findIndex((m) => m.name === LAST_RELEASED_MIGRATION);
  return MIGRATIONS.slice(at + 1);
};

/** What in `current` breaks a release still running on `released`: gone, retyped or tightened columns, and new
 * columns on its tables that its INSERTs cannot leave out. */
function schemaBreaches(released: Schema, current: Schema): string[] {
  const breaches: string[] = [];
  for (const [table, columns] of released) {
    for (const [name, column] of columns) {
      const now = current.get(table)?.get(name);
      if (!now) breaches.push(`${table}.${name} is gone`);
      else if (now.type !== column.type) breaches.push(`${table}.${name}: ${column.type} became ${now.type}`);
      else if (column.nullable && !now.nullable) breaches.push(`${table}.${name} became NOT NULL`);
    }
  }
  for (const [table, columns] of current) {
    const before = released.get(table);
    if (!before) continue;
    for (const [name, column] of columns) {
      if (!before.has(name) && !column.nullable && !column.hasDefault) {
        breaches.push(`${table}.${name} is new, NOT NULL and without a default`);
      }
    }
  }
  return breaches;
}

describe("#db.rolling-upgrade", () => {
  it("names a migration that exists as the last released one", () => {
    expect(MIGRATIONS.map((m) => m.name)).toContain(LAST_RELEASED_MIGRATION);
    expect(schemas.released.get("invoices")?.has("due_date")).toBe(true);
  });

  it("keeps every released column with its type, and adds to released tables only what their INSERTs may omit", () => {
    expect(schemaBreaches(schemas.released, schemas.current)).toEqual([]);
  });

  it("has no migration since the release that drops, renames or retypes (a contract step waits a release)", () => {
    const dir = path.join(import.meta.dirname, "migrations");
    const contracting =
      /\bDROP\s+(TABLE|COLUMN)\b|\bRENAME\b|\bALTER\s+COLUMN\s+\S+\s+(TYPE|SET\s+NOT\s+NULL)\b|\bSET\s+DATA\s+TYPE\b/i;
    const offending = sinceRelease()
      .map((m) => ({ name: m.name, sql: readFileSync(path.join(dir, `${m.name}.ts`), "utf8") }))
      .filter((m) => contracting.test(m.sql.replace(/^\s*\/\/.*$/gm, "")))
      .map((m) => m.name);
    expect(offending).toEqual([]);
  });

  it("finds the rule's own breaches: a dropped column and a new NOT NULL column without default", () => {
    const table = "invoices";
    const broken: Schema = new Map([...schemas.current].map(([t, c]) => [t, new Map(c)]));
    broken.get(table)?.delete("due_date");
    broken.get(table)?.set("must_be_given", { type: "text", nullable: false, hasDefault: false });
    expect(schemaBreaches(schemas.released, broken)).toEqual([
      "invoices.due_date is gone",
      "invoices.must_be_given is new, NOT NULL and without a default",
    ]);
  });
});
