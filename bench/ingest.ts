// Inbound ingest through the WhatsApp Cloud API webhook: messages per second
// committed before the webhook answers, and latency at a fixed 1,000 msg/s.
import { mkdtemp } from "node:fs/promises";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { cloudWebhook, post, SECRET } from "./cloud-webhook.ts";
import { commitFloor, share, times } from "./floors.ts";
import { fmt, freshDatabase, percentile, startCoreChild } from "./lib.ts";

export const PHONE_ID = "100200300";

/** Message `i` of a run: 2,000 contacts in turn, each message its own wamid. */
export function payload(i: number, run: string): string {
  const from = `55119${String(i % 2000).padStart(8, "0")}`;
  return cloudWebhook({
    phoneNumberId: PHONE_ID,
    from,
    name: `Contact ${i % 2000}`,
    id: `wamid.${run}.${i}`,
    body: `message ${i}`,
  });
}

export async function benchIngest(): Promise<Record<string, string>> {
  const db = await freshDatabase();
  const dataDir = await mkdtemp(path.join(tmpdir(), "chatflow-bench-"));
  const core = await startCoreChild(db.url, dataDir);
  const pool = new pg.Pool({ connectionString: db.url, max: 2 });
  try {
    await pool.query(
      `INSERT INTO whatsapps (company_id, name, channel, status, is_default, phone_number_id, access_token, app_secret)
       VALUES (1, 'Bench', 'whatsappapi', 'CONNECTED', true, $1, 'token', $2)`,
      [PHONE_ID, SECRET],
    );
    // Idle: started, migrated, seeded, then left alone for 10 s (V8 settles its heap when idle).
    await new Promise((r) => setTimeout(r, 10_000));
    const idleRss = core.rssMb();
    const url = new URL(core.url);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 128 });
    const run = Date.now().toString(36);

    // Warm-up.
    await Promise.all(Array.from({ length: 500 }, (_, i) => post(agent, url, payload(i, `w${run}`))));

    // Throughput: 128 webhooks in flight, 30,000 messages.
    const total = Number(process.env.BENCH_INGEST_TOTAL ?? 30_000);
    const bodies = Array.from({ length: total }, (_, i) => payload(i, run));
    let next = 0;
    let failed = 0;
    const cpu0 = core.cpuMs();
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: 128 }, async () => {
        while (next < total) {
          const body = bodies[next++]!;
          if ((await post(agent, url, body)) !== 200) failed++;
        }
      }),
    );
    const seconds = (performance.now() - t0) / 1000;
    const cpuPerMessageUs = ((core.cpuMs() - cpu0) * 1000) / total;
    const { rows } = await pool.query("SELECT count(*)::int AS n FROM messages WHERE remote_id LIKE $1", [
      `wamid.${run}.%`,
    ]);
    const committed = rows[0].n as number;

    // Latency at a fixed rate: open loop, 1,000 msg/s for 10 s.
    const rate = 1000;
    const seconds2 = Number(process.env.BENCH_LATENCY_SECONDS ?? 10);
    const latencies: number[] = [];
    const run2 = `${run}l`;
    const start = performance.now();
    const pending: Promise<void>[] = [];
    for (let i = 0; i < rate * seconds2; i++) {
      const due = start + (i * 1000) / rate;
      const wait = due - performance.now();
      if (wait > 1) await new Promise((r) => setTimeout(r, wait));
      const body = payload(i, run2);
      const sent = performance.now();
      pending.push(post(agent, url, body).then(() => void latencies.push(performance.now() - sent)));
    }
    await Promise.all(pending);
    latencies.sort((a, b) => a - b);
    agent.destroy();
    // The floors of the same minutes (bench/floors.ts): one-row commits from 4 and 20 node-pg clients.
    const four = await commitFloor(db.url, 4);
    const twenty = await commitFloor(db.url, 20);
    const throughput = committed / seconds;
    const p95 = percentile(latencies, 95);
    return {
      "ingest: messages committed": `${committed} of ${total} (${failed} failed answers)`,
      "ingest: throughput (msg/s, 128 concurrent webhooks) against one-row commits from 4 clients": `${share(throughput, four.rowsPerSecond)}; target >= 6,000 (0.6 of the floor): ${throughput >= 6000 ? "met" : "not met"}`,
      "ingest: floor, one-row commits from 20 clients (rows/s)": fmt(twenty.rowsPerSecond, 0),
      "ingest: core CPU per message (µs) against node-pg's client CPU per one-row commit": `${times(cpuPerMessageUs, four.clientCpuUsPerRow, 0)}; target <= 80: ${cpuPerMessageUs <= 80 ? "met" : "not met"}`,
      "ingest: webhook latency at 1,000 msg/s p50 (ms) against one commit's": times(
        percentile(latencies, 50),
        four.p50,
      ),
      "ingest: webhook latency at 1,000 msg/s p95 (ms) against one commit's": `${times(p95, four.p95)}; target < 10: ${
        p95 < 10 ? "met" : "not met"
      }`,
      "core: idle RSS, 10 s after start (MB)": fmt(idleRss, 0),
    };
  } finally {
    await pool.end();
    await core.stop();
    await db.drop();
  }
}
