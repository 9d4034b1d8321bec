// Finds a PostgreSQL server for the tests: TEST_DATABASE_URL, else the local
// server on 127.0.0.1:5432, else an embedded one started for this run. Each
// test file then creates (and drops) a database of its own on it.
import { chmod, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { startEmbeddedPostgres } from "../core/src/db/embedded.ts";

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
  return async () => {
    await stop?.();
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    pgUrl: string;
  }
}
