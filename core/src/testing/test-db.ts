// A fresh, migrated database per test file on the server global-setup found.
import { randomBytes } from "node:crypto";
import pg from "pg";
import { inject } from "vitest";
import { type Db, migrate, openDb } from "../db/orm.ts";

export type TestDb = Db & { url: string; drop(): Promise<void> };

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** Creates an empty database and returns its URL (not migrated). */
export function createEmptyDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  return createDatabase();
}

/**
 * Creates a database already migrated: a copy of the run's template (test/global-setup.ts), which is much cheaper
 * than running every migration again for each test file. Core started on it finds nothing to migrate, and seeds.
 */
export function createMigratedDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  return createDatabase(inject("pgTemplate"));
}

async function createDatabase(template?: string): Promise<{ url: string; drop(): Promise<void> }> {
  const serverUrl = inject("pgUrl");
  const name = `chatflow_test_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ""}`);
  await admin.end();
  return {
    url: withDatabase(serverUrl, name),
    async drop() {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await c.end();
    },
  };
}

export async function createTestDb(): Promise<TestDb> {
  const empty = await createMigratedDatabase();
  const db = await openDb(empty.url);
  await migrate(db);
  return {
    ...db,
    url: empty.url,
    async drop() {
      await db.close();
      await empty.drop();
    },
  };
}
