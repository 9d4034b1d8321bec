// Finds a PostgreSQL server for the tests: TEST_DATABASE_URL, else the local
// server on 127.0.0.1:5432, else an embedded one started for this run. Each
// test file then creates (and drops) a database of its own on it.
import { chmod, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { startEmbeddedPostgres } from "../core/src/db/embedded.ts";
import { migrate, openDb } from "../core/src/db/orm.ts";

async function reachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query("SELECT 1");
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/** The tables having a company_id column, from the catalog of a freshly migrated database (the tenant guard's list). */
async function readTenantTables(serverUrl: string): Promise<string[]> {
  const name = `chatflow_catalog_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
    const u = new URL(serverUrl);
    u.pathname = `/${name}`;
    const db = await openDb(u.toString(), { poolSize: 1 });
    try {
      await migrate(db);
      const { rows } = await db.pool.query<{ table_name: string }>(
        `SELECT DISTINCT c.table_name FROM information_schema.columns c
           JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
          WHERE c.table_schema = 'public' AND c.column_name = 'company_id' AND t.table_type = 'BASE TABLE'`,
      );
      return rows.map((r) => r.table_name).sort();
    } finally {
      await db.close();
    }
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  }
}

export default async function setup(project: TestProject) {
  let url = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  let stop: (() => Promise<void>) | undefined;
  if (!(await reachable(url))) {
    const dir = await mkdtemp(path.join(tmpdir(), "chatflow-pg-"));
    // As root, initdb runs as a "postgres" user, which must reach the directory mkdtemp made 0700.
    await chmod(dir, 0o755);
    const port = 15432 + Math.floor(Math.random() * 1000);
    const db = await startEmbeddedPostgres({ dataDir: dir, port, database: "postgres" });
    url = db.url;
    stop = async () => {
      await db.stop();
      await rm(dir, { recursive: true, force: true });
    };
  }
  project.provide("pgUrl", url);
  project.provide("tenantTables", await readTenantTables(url));
  return async () => {
    await stop?.();
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    pgUrl: string;
    tenantTables: string[];
  }
}
