// CPU per GET /tickets first page, core's and PostgreSQL's, read from /proc (user + system time of core's
// process and of the database's backends), which a shared, loaded machine disturbs far less than wall time.
// Seeds once (BENCH_TICKETS_SCALE, default 0.2), then starts core from each tree in BENCH_CPU_TREES (comma
// separated checkouts, default this one) in turn, BENCH_CPU_ROUNDS times, so two commits are compared in the
// same minutes: `node bench/tickets-cpu.ts` with BENCH_CPU_TREES=/path/to/old,/path/to/new.
import { readFileSync } from "node:fs";
import { mkdtemp } from "node:fs/promises";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { backendPids, procCpuMs as cpuMs, fmt, freshDatabase, startCoreFromTree } from "./lib.ts";

process.env.BENCH_TICKETS_SCALE ??= "0.2";
const { seed } = await import("./tickets.ts");

const TREES = (process.env.BENCH_CPU_TREES ?? path.resolve(import.meta.dirname, "..")).split(",");
const ROUNDS = Number(process.env.BENCH_CPU_ROUNDS ?? 3);
const REQUESTS = Number(process.env.BENCH_CPU_REQUESTS ?? 3000);
const CLIENTS = 10;
const LIST = "/tickets?status=open&showAll=true";
const ACCEPT_ENCODING = process.env.BENCH_ACCEPT_ENCODING ?? "gzip, deflate, br, zstd";

function get(agent: http.Agent, url: URL, token: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        agent,
        host: url.hostname,
        port: url.port,
        path: LIST,
        headers: { authorization: `Bearer ${token}`, accept: "application/json", "accept-encoding": ACCEPT_ENCODING },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      },
    );
    req.on("error", reject);
    req.end();
  });
}

async function load(agent: http.Agent, url: URL, token: string, n: number) {
  let left = n;
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (left-- > 0) if ((await get(agent, url, token)) !== 200) throw new Error("GET /tickets failed");
    }),
  );
}

const startCore = async (tree: string, databaseUrl: string) =>
  startCoreFromTree(tree, databaseUrl, await mkdtemp(path.join(tmpdir(), "chatflow-cpu-")));

// BENCH_CPU_DATABASE_URL: a database a run before kept (BENCH_CPU_KEEP_DB=1), seeded already.
const kept = process.env.BENCH_CPU_DATABASE_URL;
const db = kept ? { url: kept, drop: async () => {} } : await freshDatabase();
const pool = new pg.Pool({ connectionString: db.url, max: 2 });
const dbName = new URL(db.url).pathname.slice(1);
try {
  if (!kept) {
    // Core's migrations first (a core started once), then the seed.
    const first = await startCore(TREES[0]!, db.url);
    await first.stop();
    const seeded = await seed(pool, (line) => console.error(line));
    console.error(`seeded: ${seeded.open} open tickets`);
  }
  for (let round = 1; round <= ROUNDS; round++) {
    for (const entry of TREES) {
      // "<tree>#socket": core connects through PostgreSQL's Unix socket directory instead of TCP.
      const [tree, how] = entry.split("#") as [string, string | undefined];
      const u = new URL(db.url);
      if (how === "socket") u.searchParams.set("host", "/var/run/postgresql");
      const core = await startCore(tree, u.toString());
      const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS });
      try {
        const login = await fetch(`${core.url}/auth/login`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ email: "admin@chatflow.local", password: "chatflow" }),
        });
        const { token } = (await login.json()) as { token: string };
        const url = new URL(core.url);
        await load(agent, url, token, 1000);
        const backends = () => backendPids(pool, dbName);
        const pids = await backends();
        const start = new Map(pids.map((p) => [p, cpuMs(p)]));
        const core0 = cpuMs(core.pid);
        const t0 = performance.now();
        await load(agent, url, token, REQUESTS);
        const wall = performance.now() - t0;
        const coreUs = ((cpuMs(core.pid) - core0) * 1000) / REQUESTS;
        // Backends that started during the run count whole; one that ended during it is lost (said below).
        const after = await backends();
        const pgMs = [...new Set([...pids, ...after])].reduce((s, p) => s + cpuMs(p) - (start.get(p) ?? 0), 0);
        const pgUs = (pgMs * 1000) / REQUESTS;
        const load1 = readFileSync("/proc/loadavg", "utf8").split(" ")[0];
        const note = pids.every((p) => after.includes(p)) ? "" : " (a backend ended during the run)";
        console.log(
          `round ${round} ${entry}: core ${fmt(coreUs, 0)} µs/req, PostgreSQL ${fmt(pgUs, 0)} µs/req, ` +
            `${fmt((REQUESTS / wall) * 1000, 0)} req/s, load ${load1}${note}`,
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
