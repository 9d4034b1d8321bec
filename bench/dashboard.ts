// The dashboard at size (decision 0059): a company with 300,000 tickets created over a year (BENCH_DASHBOARD_SCALE
// scales it), each with its log (create, open, closed), a rating on a third of them, two messages each and a new
// contact each. GET /dashboard for 7, 30 and 365 days and the two chart calls for 30 days, over HTTP as the admin,
// and the plan and execution time of the main statement (EXPLAIN ANALYZE) printed to stderr.

import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { BUSINESS_TIME_ZONE } from "../core/src/contract/dates.ts";
import { TICKET_FACTS } from "../core/src/dashboard/dashboard-queries.ts";

import { adminToken, fmt, freshDatabase, percentile, startCoreChild } from "./lib.ts";

const SCALE = Number(process.env.BENCH_DASHBOARD_SCALE ?? 1);
const TICKETS = Math.round(300_000 * SCALE);
const AGENTS = 40;
const CHUNK = 50_000;

async function seed(pool: pg.Pool, log: (line: string) => void): Promise<void> {
  const t0 = performance.now();
  const phase = (what: string) => log(`  seeded ${what} in ${fmt((performance.now() - t0) / 1000, 0)} s`);
  await pool.query(
    `INSERT INTO users (company_id, name, email, password_hash, profile, online)
     SELECT 1, 'Agente ' || i, 'agent' || i || '@bench.local', 'x', 'user', i % 3 = 0 FROM generate_series(1, $1) i`,
    [AGENTS],
  );
  for (let lo = 1; lo <= TICKETS; lo += CHUNK) {
    const hi = Math.min(lo + CHUNK - 1, TICKETS);
    await pool.query(
      `INSERT INTO contacts (company_id, name, number, created_at)
       SELECT 1, 'Contato ' || i, (5511000000000 + i)::text, now() - (i::float8 / $3) * interval '365 days'
       FROM generate_series($1::int, $2::int) i`,
      [lo, hi, TICKETS],
    );
    // 95% closed, 3% open, 2% pending; created evenly over the last year.
    await pool.query(
      `INSERT INTO tickets (company_id, contact_id, user_id, status, created_at, updated_at, closed_at)
       SELECT 1, c.id, u.id, s.status, s.at, s.at, CASE WHEN s.status = 'closed' THEN s.at + interval '40 minutes' END
       FROM (SELECT i, now() - (i::float8 / $3) * interval '365 days' AS at,
               CASE WHEN i % 100 < 95 THEN 'closed' WHEN i % 100 < 98 THEN 'open' ELSE 'pending' END AS status
             FROM generate_series($1::int, $2::int) i) s
       JOIN contacts c ON c.company_id = 1 AND c.number = (5511000000000 + s.i)::text
       JOIN users u ON u.company_id = 1 AND u.email = 'agent' || (1 + s.i % $4) || '@bench.local'`,
      [lo, hi, TICKETS, AGENTS],
    );
  }
  phase(`contacts and tickets (${TICKETS})`);
  await pool.query(
    `INSERT INTO ticket_logs (company_id, ticket_id, type, user_id, created_at)
     SELECT 1, t.id, x.type, CASE WHEN x.type = 'create' THEN NULL ELSE t.user_id END, t.created_at + x.after
     FROM tickets t, (VALUES ('create', interval '0'), ('open', interval '7 minutes'), ('closed', interval '40 minutes')) x(type, after)
     WHERE t.company_id = 1 AND (x.type <> 'closed' OR t.status = 'closed')`,
  );
  await pool.query(
    `INSERT INTO user_ratings (company_id, ticket_id, user_id, rate, created_at)
     SELECT 1, t.id, t.user_id, 1 + t.id % 5, t.closed_at FROM tickets t
     WHERE t.company_id = 1 AND t.status = 'closed' AND t.id % 3 = 0`,
  );
  phase("ticket logs and ratings");
  await pool.query(
    `INSERT INTO messages (id, company_id, ticket_id, body, from_me, created_at, updated_at)
     SELECT gen_random_uuid(), 1, t.id, 'oi', x.from_me, t.created_at + x.after, t.created_at + x.after
     FROM tickets t, (VALUES (false, interval '0'), (true, interval '8 minutes')) x(from_me, after)
     WHERE t.company_id = 1`,
  );
  await pool.query("VACUUM ANALYZE");
  phase("messages and VACUUM ANALYZE");
}

async function latencies(n: number, request: () => Promise<Response>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n + 2; i++) {
    const t0 = performance.now();
    const res = await request();
    if (res.status !== 200) throw new Error(`answered ${res.status}: ${await res.text()}`);
    await res.arrayBuffer();
    if (i >= 2) out.push(performance.now() - t0);
  }
  return out.sort((a, b) => a - b);
}

export async function benchDashboard(): Promise<Record<string, string>> {
  const db = await freshDatabase();
  const dataDir = await mkdtemp(path.join(tmpdir(), "chatflow-bench-"));
  const core = await startCoreChild(db.url, dataDir);
  const pool = new pg.Pool({ connectionString: db.url, max: 2 });
  try {
    await seed(pool, (line) => console.error(line));
    const token = await adminToken(core.url);
    const get = (p: string) => fetch(`${core.url}${p}`, { headers: { authorization: `Bearer ${token}` } });
    const day = (ago: number) => new Date(Date.now() - ago * 86_400_000).toISOString().slice(0, 10);
    const range = `initialDate=${day(29)}&finalDate=${day(0)}`;
    const ms = (a: number[]) => `${fmt(percentile(a, 50), 1)} / ${fmt(percentile(a, 95), 1)}`;
    const results: Record<string, string> = {};
    for (const days of [7, 30, 365]) {
      results[`dashboard: GET /dashboard?days=${days} p50 / p95 (ms)`] = ms(
        await latencies(days === 365 ? 5 : 20, () => get(`/dashboard?days=${days}`)),
      );
    }
    results["dashboard: GET /dashboard/ticketsUsers 30 days p50 / p95 (ms)"] = ms(
      await latencies(20, () => get(`/dashboard/ticketsUsers?${range}`)),
    );
    results["dashboard: GET /dashboard/ticketsDay 30 days p50 / p95 (ms)"] = ms(
      await latencies(20, () => get(`/dashboard/ticketsDay?${range}`)),
    );
    // The plan of the per-ticket pass for 30 days, as the dashboard runs it (JIT off, see dashboard-queries.ts).
    const client = await pool.connect();
    try {
      await client.query("SET jit = off");
      const { rows } = await client.query(
        `EXPLAIN (ANALYZE, BUFFERS) WITH ${TICKET_FACTS} SELECT count(*), count(f.accepted_at), count(f.rate) FROM f`,
        [1, day(29), day(0), BUSINESS_TIME_ZONE],
      );
      console.error(rows.map((r) => r["QUERY PLAN"]).join("\n"));
    } finally {
      client.release();
    }
    results["dashboard: seeded tickets"] = String(TICKETS);
    return results;
  } finally {
    await pool.end();
    await core.stop();
    await db.drop();
  }
}
