// What this machine can do at best, measured in the same run beside each figure it bounds (issue 24), so a figure
// is read against the floor of its minutes and not against another day's machine:
// - the commit floor: one-row INSERTs, each its own transaction (autocommit), from N node-pg clients at once;
//   rows per second, the latency of one, and the node-pg client's CPU per row;
// - the inbox floor: a bare node:http server answering the open tab's 40-row keyset page (tickets joined with their
//   contact, queue and user, as JSON, no compression, no session) through node-pg: latency, and requests per
//   second with 10 clients.
import http from "node:http";
import type { AddressInfo } from "node:net";
import pg from "pg";
import { fmt, percentile } from "./lib.ts";

export type CommitFloor = { rowsPerSecond: number; p50: number; p95: number; clientCpuUsPerRow: number };

/** `clients` node-pg connections inserting one row each, autocommitted, for `seconds`. */
export async function commitFloor(databaseUrl: string, clients: number, seconds = 5): Promise<CommitFloor> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: clients });
  const table = `bench_floor_${process.pid}_${clients}`;
  try {
    // Logged, with a primary key and a text column: a commit that waits for the WAL flush, as ingest's does.
    await pool.query(`CREATE TABLE ${table} (id bigserial PRIMARY KEY, body text NOT NULL, at timestamptz NOT NULL)`);
    const insert = { name: "floor-insert", text: `INSERT INTO ${table} (body, at) VALUES ($1, now())` };
    const conns = await Promise.all(Array.from({ length: clients }, () => pool.connect()));
    const latencies: number[] = [];
    let rows = 0;
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    const until = t0 + seconds * 1000;
    await Promise.all(
      conns.map(async (c) => {
        while (performance.now() < until) {
          const s = performance.now();
          await c.query({ ...insert, values: [`message ${rows}`] });
          latencies.push(performance.now() - s);
          rows++;
        }
      }),
    );
    const wall = (performance.now() - t0) / 1000;
    const cpu = process.cpuUsage(cpu0);
    for (const c of conns) c.release();
    latencies.sort((a, b) => a - b);
    return {
      rowsPerSecond: rows / wall,
      p50: percentile(latencies, 50),
      p95: percentile(latencies, 95),
      clientCpuUsPerRow: (cpu.user + cpu.system) / rows,
    };
  } finally {
    await pool.query(`DROP TABLE IF EXISTS ${table}`);
    await pool.end();
  }
}

/**
 * The open tab's page after (updatedAt, id), or its first page: the index tickets_inbox_covering's order. Two texts,
 * as core's keyset pages are: one prepared statement with an optional bound would plan to scan.
 */
const pageSql = (after: boolean) => `SELECT t.id, t.uuid, t.status, t.last_message AS "lastMessage",
    t.unread_messages AS "unreadMessages", t.updated_at AS "updatedAt", t.is_group AS "isGroup",
    t.whatsapp_id AS "whatsappId", json_build_object('id', c.id, 'name', c.name, 'number', c.number) AS contact,
    CASE WHEN q.id IS NULL THEN NULL ELSE json_build_object('id', q.id, 'name', q.name, 'color', q.color) END AS queue,
    CASE WHEN u.id IS NULL THEN NULL ELSE json_build_object('id', u.id, 'name', u.name) END AS "user"
  FROM tickets t
  JOIN contacts c ON c.id = t.contact_id
  LEFT JOIN queues q ON q.id = t.queue_id
  LEFT JOIN users u ON u.id = t.user_id
  WHERE t.company_id = $1 AND t.status = 'open' ${after ? "AND (t.updated_at, t.id) < ($2::timestamptz, $3::int)" : ""}
  ORDER BY t.updated_at DESC, t.id DESC LIMIT 40`;
const FIRST_PAGE = { name: "bare-first", text: pageSql(false) };
const PAGE_AFTER = { name: "bare-after", text: pageSql(true) };

/** A bare node:http server over the same database: GET /?after=<iso>&id=<n> answers a page and its next cursor. */
export async function startBareInbox(databaseUrl: string, companyId = 1) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  const server = http.createServer(async (req, res) => {
    try {
      const q = new URL(req.url ?? "/", "http://x").searchParams;
      const after = q.get("after");
      const { rows } = await pool.query(
        after
          ? { ...PAGE_AFTER, values: [companyId, after, Number(q.get("id"))] }
          : { ...FIRST_PAGE, values: [companyId] },
      );
      const last = rows.at(-1) as { updatedAt: Date; id: number } | undefined;
      const body = JSON.stringify({
        tickets: rows,
        next: last ? `after=${encodeURIComponent(last.updatedAt.toISOString())}&id=${last.id}` : null,
      });
      res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(body) });
      res.end(body);
    } catch (err) {
      res.writeHead(500).end(String(err));
    }
  });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as AddressInfo;
  return {
    url: new URL(`http://127.0.0.1:${port}`),
    close: async () => {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
      await pool.end();
    },
  };
}

/** "figure (floor, ratio)" for a figure where more is better (floor / figure shown as figure's share of it). */
export const share = (figure: number, floor: number, digits = 0) =>
  `${fmt(figure, digits)} (floor ${fmt(floor, digits)}, ${fmt(figure / floor, 2)} of it)`;

/** "figure (floor, ratio)" for a figure where less is better. */
export const times = (figure: number, floor: number, digits = 2) =>
  `${fmt(figure, digits)} (floor ${fmt(floor, digits)}, ${fmt(figure / floor, 1)}×)`;
