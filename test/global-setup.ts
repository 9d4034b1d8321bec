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

/**
 * A freshly migrated database kept for the run as the template of every test database (test-db.ts copies it
 * instead of running the ~70 migrations once per test file), and the tables having a company_id column in it
 * (the tenant guard's list).
 */
async function migratedTemplate(serverUrl: string): Promise<{ name: string; tenantTables: string[] }> {
  const name = `chatflow_template_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const u = new URL(serverUrl);
  u.pathname = `/${name}`;
  // Closed before any copy: PostgreSQL copies a template only while nobody is connected to it.
  const db = await openDb(u.toString(), { poolSize: 1 });
  try {
    await migrate(db);
    const { rows } = await db.pool.query<{ table_name: string }>(
      `SELECT DISTINCT c.table_name FROM information_schema.columns c
         JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
        WHERE c.table_schema = 'public' AND c.column_name = 'company_id' AND t.table_type = 'BASE TABLE'`,
    );
    return { name, tenantTables: rows.map((r) => r.table_name).sort() };
  } finally {
    await db.close();
  }
}

async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  } finally {
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
  const template = await migratedTemplate(url);
  project.provide("pgTemplate", template.name);
  project.provide("tenantTables", template.tenantTables);
  return async () => {
    await dropDatabase(url, template.name).catch(() => {});
    await stop?.();
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    pgUrl: string;
    /** A migrated database that test-db.ts copies for each test file. */
    pgTemplate: string;
    tenantTables: string[];
  }
}
