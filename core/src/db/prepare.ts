// Readies the database at start: migrations and the first-start seed. MikroORM
// (about 22 MB of a process's memory) is needed only for this, so core runs it
// in a worker thread and the memory goes with the thread (docs/decisions/0003).
import { Worker } from "node:worker_threads";
import { siblingModule } from "../kernel/sibling-module.ts";
import type { SeedResult } from "./seed.ts";

export type PrepareInput = { databaseUrl: string; admin: { email: string; password: string } };

/**
 * The advisory lock every core takes around its migrations and seed, so cores started together on one database
 * (a deploy, several machines) prepare it one after another: the first migrates, the others find it done. Without
 * it two cores racing on an empty database both created the same types and the second crashed.
 */
export const PREPARE_LOCK_KEY = 0x636866_01; // "chf" 1

/** Migrates and seeds in this thread (the worker's body; also for tools that want it in-process). */
export async function prepareDatabase(input: PrepareInput): Promise<SeedResult> {
  const { migrate, openDb } = await import("./orm.ts");
  const { seed } = await import("./seed.ts");
  const db = await openDb(input.databaseUrl, { poolSize: 1 });
  try {
    // A session lock on a connection of its own: MikroORM migrates on its pool, each migration in its transaction.
    const lock = await db.pool.connect();
    try {
      await lock.query("SELECT pg_advisory_lock($1)", [PREPARE_LOCK_KEY]);
      await migrate(db);
      return await seed(db, input.admin);
    } finally {
      await lock.query("SELECT pg_advisory_unlock($1)", [PREPARE_LOCK_KEY]).catch(() => {});
      lock.release();
    }
  } finally {
    await db.close();
  }
}

/** Migrates and seeds in a worker thread; rejects with the worker's error. */
export function prepareDatabaseInWorker(input: PrepareInput): Promise<SeedResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(siblingModule(import.meta.url, "prepare-worker"), { workerData: input });
    let result: SeedResult | undefined;
    worker.once("message", (r: SeedResult) => {
      result = r;
    });
    worker.once("error", reject);
    worker.once("exit", (code) => {
      if (result && code === 0) resolve(result);
      else reject(new Error(`database preparation stopped with exit code ${code}`));
    });
  });
}
