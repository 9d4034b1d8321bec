// CPU per ingested message, core's and PostgreSQL's, read from /proc (user + system time of core's process and
// of the database's backends), which a shared, loaded machine disturbs far less than messages per second.
// Starts core from each tree in BENCH_CPU_TREES (comma separated checkouts, default this one) in turn,
// BENCH_CPU_ROUNDS times, on one database, so two commits are compared in the same minutes:
// `node bench/ingest-cpu.ts` with BENCH_CPU_TREES=/path/to/old,/path/to/new. Each round posts
// BENCH_CPU_MESSAGES signed Cloud API webhooks (one message each, 128 in flight, as bench/ingest.ts does).
// A first round on an empty database also measures its tables' growth (and plans made while they were empty):
// compare rounds on a kept database. A CPU profile of core: CORE_NODE_FLAGS="--max-semi-space-size=8 --cpu-prof --cpu-prof-dir=/tmp/prof".
import { readFileSync } from "node:fs";
import { mkdtemp } from "node:fs/promises";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { post, SECRET } from "./cloud-webhook.ts";
import { PHONE_ID, payload } from "./ingest.ts";
import { backendPids, fmt, freshDatabase, procCpuMs, startCoreFromTree } from "./lib.ts";

const TREES = (process.env.BENCH_CPU_TREES ?? path.resolve(import.meta.dirname, "..")).split(",");
const ROUNDS = Number(process.env.BENCH_CPU_ROUNDS ?? 3);
const MESSAGES = Number(process.env.BENCH_CPU_MESSAGES ?? 6000);
const IN_FLIGHT = 128;

async function send(agent: http.Agent, url: URL, bodies: string[]): Promise<number> {
  let next = 0;
  let failed = 0;
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (next < bodies.length) if ((await post(agent, url, bodies[next++]!)) !== 200) failed++;
    }),
  );
  return failed;
}

// BENCH_CPU_DATABASE_URL: a database a run before kept (BENCH_CPU_KEEP_DB=1), so rounds in separate runs (each
// under a minute) all meet tables of some size rather than the first one an empty database.
const kept = process.env.BENCH_CPU_DATABASE_URL;
const db = kept ? { url: kept, drop: async () => {} } : await freshDatabase();
const pool = new pg.Pool({ connectionString: db.url, max: 2 });
const dbName = new URL(db.url).pathname.slice(1);
try {
  for (let round = 1; round <= ROUNDS; round++) {
    for (const tree of TREES) {
      const core = await startCoreFromTree(tree, db.url, await mkdtemp(path.join(tmpdir(), "chatflow-cpu-")));
      const agent = new http.Agent({ keepAlive: true, maxSockets: IN_FLIGHT });
      try {
        await pool.query(
          `INSERT INTO whatsapps (company_id, name, channel, status, is_default, phone_number_id, access_token, app_secret)
           SELECT 1, 'Bench', 'whatsappapi', 'CONNECTED', true, $1, 'token', $2
           WHERE NOT EXISTS (SELECT 1 FROM whatsapps WHERE phone_number_id = $1)`,
          [PHONE_ID, SECRET],
        );
        const url = new URL(core.url);
        const run = `${Date.now().toString(36)}r${round}`;
        // Warm-up: JIT, the pool's connections, the connection cache.
        await send(
          agent,
          url,
          Array.from({ length: 1000 }, (_, i) => payload(i, `w${run}`)),
        );
        const bodies = Array.from({ length: MESSAGES }, (_, i) => payload(i, run));
        const pids = await backendPids(pool, dbName);
        const start = new Map(pids.map((p) => [p, procCpuMs(p)]));
        const core0 = procCpuMs(core.pid);
        const t0 = performance.now();
        const failed = await send(agent, url, bodies);
        const wall = performance.now() - t0;
        const coreUs = ((procCpuMs(core.pid) - core0) * 1000) / MESSAGES;
        const after = await backendPids(pool, dbName);
        const pgMs = [...new Set([...pids, ...after])].reduce((s, p) => s + procCpuMs(p) - (start.get(p) ?? 0), 0);
        const pgUs = (pgMs * 1000) / MESSAGES;
        const { rows } = await pool.query("SELECT count(*)::int AS n FROM messages WHERE remote_id LIKE $1", [
          `wamid.${run}.%`,
        ]);
        const load1 = readFileSync("/proc/loadavg", "utf8").split(" ")[0];
        const note = pids.every((p) => after.includes(p)) ? "" : " (a backend ended during the run)";
        console.log(
          `round ${round} ${tree}: core ${fmt(coreUs, 0)} µs/msg, PostgreSQL ${fmt(pgUs, 0)} µs/msg, ` +
            `sum ${fmt(coreUs + pgUs, 0)} µs/msg, ${fmt((MESSAGES / wall) * 1000, 0)} msg/s wall, ` +
            `${rows[0].n}/${MESSAGES} stored, ${failed} failed, load ${load1}${note}`,
        );
      } finally {
        agent.destroy();
        await core.stop();
      }
    }
  }
} finally {
  await pool.end();
  if (process.env.BENCH_CPU_KEEP_DB || kept) console.error(`kept ${db.url}`);
  else await db.drop();
}
