// What the CPU benchmarks share (ingest-cpu.ts, tickets-cpu.ts): their database, made fresh or kept from a run before;
// core started from each tree of BENCH_CPU_TREES in turn, BENCH_CPU_ROUNDS times, so two commits are compared in the
// same minutes; and core's and PostgreSQL's CPU time read from /proc while a round's work runs.
import { readFileSync } from "node:fs";
import { mkdtemp } from "node:fs/promises";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { backendPids, freshDatabase, procCpuMs, startCoreFromTree } from "./lib.ts";

/** Checkouts to compare (comma separated), this one by default. */
export const CPU_TREES = (process.env.BENCH_CPU_TREES ?? path.resolve(import.meta.dirname, "..")).split(",");
export const CPU_ROUNDS = Number(process.env.BENCH_CPU_ROUNDS ?? 3);

export type CpuDatabase = { url: string; name: string; pool: pg.Pool; kept: boolean };

/**
 * Runs `body` on the benchmark's database: BENCH_CPU_DATABASE_URL names one a run before kept
 * (BENCH_CPU_KEEP_DB=1), else a fresh one is made. Afterwards the database is dropped unless it is to be kept.
 */
export async function withCpuDatabase(body: (db: CpuDatabase) => Promise<void>): Promise<void> {
  const kept = process.env.BENCH_CPU_DATABASE_URL;
  const db = kept ? { url: kept, drop: async () => {} } : await freshDatabase();
  const pool = new pg.Pool({ connectionString: db.url, max: 2 });
  try {
    await body({ url: db.url, name: new URL(db.url).pathname.slice(1), pool, kept: Boolean(kept) });
  } finally {
    await pool.end();
    if (process.env.BENCH_CPU_KEEP_DB || kept) console.error(`kept ${db.url}`);
    else await db.drop();
  }
}

/** Core built from `tree` on `databaseUrl`, with a data directory of its own. */
export async function startCpuCore(tree: string, databaseUrl: string) {
  return startCoreFromTree(tree, databaseUrl, await mkdtemp(path.join(tmpdir(), "chatflow-cpu-")));
}

type CpuCore = Awaited<ReturnType<typeof startCpuCore>>;

/**
 * Each round, each entry of `entries` in turn: `start` starts its core, `body` runs against it with a keep-alive
 * agent of `sockets` sockets; the agent and core are closed whatever `body` does.
 */
export async function eachRound(
  entries: string[],
  sockets: number,
  start: (entry: string) => Promise<CpuCore>,
  body: (round: number, entry: string, core: CpuCore, agent: http.Agent) => Promise<void>,
): Promise<void> {
  for (let round = 1; round <= CPU_ROUNDS; round++) {
    for (const entry of entries) {
      const core = await start(entry);
      const agent = new http.Agent({ keepAlive: true, maxSockets: sockets });
      try {
        await body(round, entry, core, agent);
      } finally {
        agent.destroy();
        await core.stop();
      }
    }
  }
}

/**
 * Core's and PostgreSQL's CPU time while `work` runs, in µs per one of its `units`, with the wall time, the load
 * average and a note when a backend ended during the run (its time is lost; one that started during it counts whole).
 */
export async function cpuPerUnit(
  db: CpuDatabase,
  corePid: number,
  units: number,
  work: () => Promise<void>,
): Promise<{ coreUs: number; pgUs: number; wallMs: number; load1: string; note: string }> {
  const pids = await backendPids(db.pool, db.name);
  const start = new Map(pids.map((p) => [p, procCpuMs(p)]));
  const core0 = procCpuMs(corePid);
  const t0 = performance.now();
  await work();
  const wallMs = performance.now() - t0;
  const coreUs = ((procCpuMs(corePid) - core0) * 1000) / units;
  const after = await backendPids(db.pool, db.name);
  const pgMs = [...new Set([...pids, ...after])].reduce((s, p) => s + procCpuMs(p) - (start.get(p) ?? 0), 0);
  const load1 = readFileSync("/proc/loadavg", "utf8").split(" ")[0]!;
  const note = pids.every((p) => after.includes(p)) ? "" : " (a backend ended during the run)";
  return { coreUs, pgUs: (pgMs * 1000) / units, wallMs, load1, note };
}
