// For the import's tests: a Whaticket-family source database built from a schema fixture (the DDL its own
// migrations produce, fixtures/), one per test file, filled with made-up rows by the test.
import { readFile } from "node:fs/promises";
import path from "node:path";
import pg from "pg";
import { createEmptyDatabase } from "../../core/src/testing/test-db.ts";
import { forFile, SET_UP_TIMEOUT_MS } from "../../core/src/testing/test-world.ts";

export type SourceDb = { url: string; pool: pg.Pool; drop(): Promise<void> };

export function sourceDbForFile(fixture: "whaticket-community-schema.sql" | "ticketz-schema.sql"): SourceDb {
  return forFile(
    async () => {
      const db = await createEmptyDatabase();
      const pool = new pg.Pool({ connectionString: db.url, max: 2 });
      // The file's end drops its databases WITH (FORCE): an idle client the server ends then must not become an
      // uncaught exception of the test worker (a fresh-clone CI run saw one: 57P01 from this file).
      pool.on("error", () => {});
      await pool.query(await readFile(path.join(import.meta.dirname, "fixtures", fixture), "utf8"));
      return {
        url: db.url,
        pool,
        async drop() {
          await pool.end();
          await db.drop();
        },
      };
    },
    { stop: (db) => db.drop(), timeout: SET_UP_TIMEOUT_MS },
  );
}

/** Counts of the tables an import writes, to show a run wrote nothing. */
export async function targetCounts(pool: pg.Pool): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const t of [
    "companies",
    "users",
    "queues",
    "chatbots",
    "whatsapps",
    "tags",
    "contacts",
    "tickets",
    "messages",
    "schedules",
    "quick_messages",
    "documents",
    "import_mappings",
    "change_log",
  ]) {
    const { rows } = await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${t}`);
    out[t] = rows[0]!.n;
  }
  return out;
}
