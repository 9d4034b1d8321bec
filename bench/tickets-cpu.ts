// CPU per GET /tickets first page, core's and PostgreSQL's, read from /proc (user + system time of core's
// process and of the database's backends), which a shared, loaded machine disturbs far less than wall time.
// Seeds once (BENCH_TICKETS_SCALE, default 0.2), then starts core from each tree in BENCH_CPU_TREES (comma
// separated checkouts, default this one) in turn, BENCH_CPU_ROUNDS times, so two commits are compared in the
// same minutes: `node bench/tickets-cpu.ts` with BENCH_CPU_TREES=/path/to/old,/path/to/new.
import http from "node:http";
import { CPU_TREES, cpuPerUnit, eachRound, startCpuCore, withCpuDatabase } from "./cpu-rounds.ts";
import { adminToken, fmt } from "./lib.ts";

process.env.BENCH_TICKETS_SCALE ??= "0.2";
const { seed } = await import("./tickets.ts");

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

// A kept database (BENCH_CPU_DATABASE_URL, cpu-rounds.ts) is seeded already.
await withCpuDatabase(async (db) => {
  if (!db.kept) {
    // Core's migrations first (a core started once), then the seed.
    const first = await startCpuCore(CPU_TREES[0]!, db.url);
    await first.stop();
    const seeded = await seed(db.pool, (line) => console.error(line));
    console.error(`seeded: ${seeded.open} open tickets`);
  }
  // "<tree>#socket": core connects through PostgreSQL's Unix socket directory instead of TCP.
  const startCore = (entry: string) => {
    const [tree, how] = entry.split("#") as [string, string | undefined];
    const u = new URL(db.url);
    if (how === "socket") u.searchParams.set("host", "/var/run/postgresql");
    return startCpuCore(tree, u.toString());
  };
  await eachRound(CPU_TREES, CLIENTS, startCore, async (round, entry, core, agent) => {
    const token = await adminToken(core.url);
    const url = new URL(core.url);
    await load(agent, url, token, 1000);
    const cpu = await cpuPerUnit(db, core.pid, REQUESTS, () => load(agent, url, token, REQUESTS));
    console.log(
      `round ${round} ${entry}: core ${fmt(cpu.coreUs, 0)} µs/req, PostgreSQL ${fmt(cpu.pgUs, 0)} µs/req, ` +
        `${fmt((REQUESTS / cpu.wallMs) * 1000, 0)} req/s, load ${cpu.load1}${cpu.note}`,
    );
  });
});
