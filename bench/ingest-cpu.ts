// CPU per ingested message, core's and PostgreSQL's, read from /proc (user + system time of core's process and
// of the database's backends), which a shared, loaded machine disturbs far less than messages per second.
// Starts core from each tree in BENCH_CPU_TREES (comma separated checkouts, default this one) in turn,
// BENCH_CPU_ROUNDS times, on one database, so two commits are compared in the same minutes:
// `node bench/ingest-cpu.ts` with BENCH_CPU_TREES=/path/to/old,/path/to/new. Each round posts
// BENCH_CPU_MESSAGES signed Cloud API webhooks (one message each, 128 in flight, as bench/ingest.ts does).
// A first round on an empty database also measures its tables' growth (and plans made while they were empty):
// compare rounds on a kept database. A CPU profile of core: CORE_NODE_FLAGS="--max-semi-space-size=8 --cpu-prof --cpu-prof-dir=/tmp/prof".
import type http from "node:http";
import { post, SECRET } from "./cloud-webhook.ts";
import { CPU_TREES, cpuPerUnit, eachRound, startCpuCore, withCpuDatabase } from "./cpu-rounds.ts";
import { PHONE_ID, payload } from "./ingest.ts";
import { fmt } from "./lib.ts";

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

// A kept database (BENCH_CPU_DATABASE_URL, cpu-rounds.ts) lets rounds in separate runs (each under a minute) all meet
// tables of some size rather than the first one an empty database.
await withCpuDatabase((db) =>
  eachRound(
    CPU_TREES,
    IN_FLIGHT,
    (tree) => startCpuCore(tree, db.url),
    async (round, tree, core, agent) => {
      await db.pool.query(
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
      let failed = 0;
      const cpu = await cpuPerUnit(db, core.pid, MESSAGES, async () => {
        failed = await send(agent, url, bodies);
      });
      const { rows } = await db.pool.query("SELECT count(*)::int AS n FROM messages WHERE remote_id LIKE $1", [
        `wamid.${run}.%`,
      ]);
      console.log(
        `round ${round} ${tree}: core ${fmt(cpu.coreUs, 0)} µs/msg, PostgreSQL ${fmt(cpu.pgUs, 0)} µs/msg, ` +
          `sum ${fmt(cpu.coreUs + cpu.pgUs, 0)} µs/msg, ${fmt((MESSAGES / cpu.wallMs) * 1000, 0)} msg/s wall, ` +
          `${rows[0].n}/${MESSAGES} stored, ${failed} failed, load ${cpu.load1}${cpu.note}`,
      );
    },
  ),
);
