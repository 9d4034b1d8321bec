// The inbox list at size: a company with 1,000,000 tickets and 5,000,000
// messages (BENCH_TICKETS_SCALE scales both, e.g. 0.01 for a quick run); GET
// /tickets over HTTP as a signed-in admin on the open tab: the first page, a
// page 20,000 deep, and requests per second with 10 concurrent clients.
import { mkdtemp } from "node:fs/promises";
import http from "node:http";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync, zstdDecompressSync } from "node:zlib";
import pg from "pg";
import { foldTicketCounts } from "../core/src/tickets/ticket-counts.ts";
import { share, startBareInbox } from "./floors.ts";
import { adminToken, fmt, freshDatabase, insertedIds, percentile, seedAgents, startCoreChild } from "./lib.ts";

const SCALE = Number(process.env.BENCH_TICKETS_SCALE ?? 1);
const TICKETS = Math.round(1_000_000 * SCALE);
const MESSAGES_PER_TICKET = 5;
/** Four connections; each contact has at most one ticket in progress per connection. */
const CONNECTIONS = 4;
const QUEUES = 10;
const AGENTS = 50;
const CHUNK = 100_000;
/** The list every measurement reads: the open tab, everyone's tickets. */
const LIST = "/tickets?status=open&showAll=true";
/** What a browser sends, so the figures include compressing the answer; "identity" measures without. */
const ACCEPT_ENCODING = process.env.BENCH_ACCEPT_ENCODING ?? "gzip, deflate, br, zstd";

type Answer = { status: number; body: string; wireBytes: number };

function get(agent: http.Agent, url: URL, pathAndQuery: string, token: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        agent,
        host: url.hostname,
        port: url.port,
        path: pathAndQuery,
        headers: { authorization: `Bearer ${token}`, accept: "application/json", "accept-encoding": ACCEPT_ENCODING },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          const raw = Buffer.concat(chunks);
          const coding = res.headers["content-encoding"];
          // Decoded like a browser would, so the latency includes the client's share too.
          const body =
            coding === "zstd"
              ? zstdDecompressSync(raw)
              : coding === "br"
                ? brotliDecompressSync(raw)
                : coding === "gzip"
                  ? gunzipSync(raw)
                  : raw;
          resolve({ status: res.statusCode ?? 0, body: body.toString("utf8"), wireBytes: raw.length });
        });
      },
    );
    req.on("error", reject);
    req.end();
  });
}

/** Sequential latencies (ms) of `n` requests, after `warmup` unmeasured ones. */
async function latencies(n: number, warmup: number, request: () => Promise<Answer>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < warmup + n; i++) {
    const t0 = performance.now();
    const res = await request();
    if (res.status !== 200) throw new Error(`GET /tickets answered ${res.status}: ${res.body.slice(0, 200)}`);
    if (i >= warmup) out.push(performance.now() - t0);
  }
  return out.sort((a, b) => a - b);
}

/** Runs `jobs` two at a time: PostgreSQL builds each chunk on a core of its own. */
async function twoAtATime(jobs: (() => Promise<unknown>)[]): Promise<void> {
  let next = 0;
  await Promise.all(
    [0, 1].map(async () => {
      while (next < jobs.length) await jobs[next++]!();
    }),
  );
}

export async function seed(
  pool: pg.Pool,
  log: (line: string) => void = () => {},
): Promise<{ open: number; seconds: number }> {
  const t0 = performance.now();
  let mark = t0;
  const phase = (name: string) => {
    const now = performance.now();
    log(`  seed ${name}: ${fmt((now - mark) / 1000, 1)} s`);
    mark = now;
  };
  const contacts = Math.ceil(TICKETS / CONNECTIONS);
  const ids = (sql: string, params: unknown[] = []) => insertedIds(pool, sql, params);
  const whatsapps = await ids(
    `INSERT INTO whatsapps (company_id, name, channel, status) SELECT 1, 'Bench ' || i, 'whatsapp', 'CONNECTED'
     FROM generate_series(1, $1) i RETURNING id`,
    [CONNECTIONS],
  );
  const queues = await ids(
    `INSERT INTO queues (company_id, name, color) SELECT 1, 'Fila ' || i, '#' || lpad(to_hex(i * 4000), 6, '0')
     FROM generate_series(1, $1) i RETURNING id`,
    [QUEUES],
  );
  const agents = await seedAgents(pool, AGENTS);
  const tags = await ids(
    `INSERT INTO tags (company_id, name, color) SELECT 1, 'Etiqueta ' || i, '#' || lpad(to_hex(i * 3000), 6, '0')
     FROM generate_series(1, 20) i RETURNING id`,
  );
  const contactChunks = [];
  for (let lo = 1; lo <= contacts; lo += CHUNK) {
    const hi = Math.min(lo + CHUNK - 1, contacts);
    contactChunks.push(() =>
      pool.query(
        `INSERT INTO contacts (company_id, name, number, channel)
         SELECT 1, 'Contato ' || i, (5511000000000 + i)::text, 'whatsapp' FROM generate_series($1::int, $2::int) i`,
        [lo, hi],
      ),
    );
  }
  await twoAtATime(contactChunks);
  phase(`contacts (${contacts})`);
  // 85% open (with an owner), 10% pending, 5% closed; 5% without queue, 2% groups;
  // last activity spread over 90 days.
  const ticketChunks = [];
  for (let lo = 0; lo < TICKETS; lo += CHUNK) {
    const hi = Math.min(lo + CHUNK, TICKETS) - 1;
    ticketChunks.push(() =>
      pool.query(
        `INSERT INTO tickets (company_id, contact_id, whatsapp_id, queue_id, user_id, status, channel, is_group,
           unread_messages, last_message, created_at, updated_at)
         SELECT 1, c.id, ($4::int[])[1 + (i / $3::int) % $5::int],
           CASE WHEN i % 20 = 0 THEN NULL ELSE ($6::int[])[1 + i % $7::int] END,
           CASE WHEN i % 20 IN (17, 18) THEN NULL ELSE ($8::int[])[1 + i % $9::int] END,
           CASE WHEN i % 20 < 17 THEN 'open' WHEN i % 20 < 19 THEN 'pending' ELSE 'closed' END,
           'whatsapp', i % 50 = 7, (i % 4), 'mensagem ' || i, u - random() * interval '2 days', u
         FROM (SELECT i, now() - random() * interval '90 days' AS u FROM generate_series($1::int, $2::int) i) s
         JOIN contacts c ON c.company_id = 1 AND c.number = (5511000000001 + i % $3::int)::text`,
        [lo, hi, contacts, whatsapps, CONNECTIONS, queues, QUEUES, agents, AGENTS],
      ),
    );
  }
  await twoAtATime(ticketChunks);
  phase(`tickets (${TICKETS})`);
  const range = await pool.query<{ lo: number; hi: number }>("SELECT min(id) AS lo, max(id) AS hi FROM tickets");
  const { lo: firstTicket, hi: lastTicket } = range.rows[0]!;
  // Message ids in ascending order (like UUIDv7), so the primary key is appended to.
  const perChunk = Math.ceil(CHUNK / 2);
  const messageChunks = [];
  for (let lo = firstTicket; lo <= lastTicket; lo += perChunk) {
    const hi = Math.min(lo + perChunk - 1, lastTicket);
    messageChunks.push(() =>
      pool.query(
        `INSERT INTO messages (id, company_id, ticket_id, contact_id, whatsapp_id, body, from_me, read, ack,
           created_at, updated_at)
         SELECT (substr(h, 1, 8) || '-' || substr(h, 9, 4) || '-7000-8000-000000000000')::uuid, 1, t.id,
           t.contact_id, t.whatsapp_id, 'mensagem ' || k || ' do ticket ' || t.id, k % 2 = 0, true, 3,
           t.updated_at - (${MESSAGES_PER_TICKET} - k) * interval '1 minute', t.updated_at
         FROM tickets t CROSS JOIN generate_series(1, ${MESSAGES_PER_TICKET}) k
         CROSS JOIN LATERAL (SELECT lpad(to_hex(t.id::bigint * 8 + k), 12, '0') AS h) x
         WHERE t.id BETWEEN $1 AND $2`,
        [lo, hi],
      ),
    );
  }
  await twoAtATime(messageChunks);
  phase(`messages (${TICKETS * MESSAGES_PER_TICKET})`);
  // One ticket in ten carries a tag, one in thirty a second one; closed tickets are rated.
  await pool.query(
    `INSERT INTO ticket_tags (ticket_id, tag_id, company_id)
     SELECT id, ($1::int[])[1 + id % 20], 1 FROM tickets WHERE id % 10 = 0
     UNION ALL SELECT id, ($1::int[])[1 + (id + 7) % 20], 1 FROM tickets WHERE id % 30 = 0`,
    [tags],
  );
  await pool.query(
    `INSERT INTO user_ratings (company_id, ticket_id, user_id, rate)
     SELECT 1, id, user_id, 1 + id % 5 FROM tickets WHERE status = 'closed'`,
  );
  phase("tags and ratings");
  // A settled database: statistics, the visibility map (index-only scans) and folded counters;
  // vacuumed now, so that autovacuum does not work through 6 million new rows during the measurements.
  await pool.query("VACUUM (ANALYZE) tickets, contacts, messages, ticket_tags, user_ratings");
  await pool.query("ANALYZE ticket_count_deltas, ticket_counts");
  await foldTicketCounts(pool, 1);
  phase("vacuum, analyze");
  const open = await pool.query<{ n: number }>("SELECT count(*)::int AS n FROM tickets WHERE status = 'open'");
  return { open: open.rows[0]!.n, seconds: (performance.now() - t0) / 1000 };
}

export async function benchTickets(): Promise<Record<string, string>> {
  const db = await freshDatabase();
  const dataDir = await mkdtemp(path.join(tmpdir(), "chatflow-bench-"));
  const core = await startCoreChild(db.url, dataDir);
  const pool = new pg.Pool({ connectionString: db.url, max: 2 });
  const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
  try {
    const seeded = await seed(pool, (line) => console.error(line));
    const url = new URL(core.url);
    const token = await adminToken(core.url);
    const list = (query = "") => get(agent, url, `${LIST}${query}`, token);

    const firstAnswer = await list();
    const first = JSON.parse(firstAnswer.body) as { tickets: unknown[]; count: number };
    if (first.tickets.length !== 40 || first.count !== seeded.open) {
      throw new Error(`unexpected first page: ${first.tickets.length} tickets, count ${first.count}`);
    }
    const firstPage = await latencies(2000, 200, () => list());
    const loadAtStart = loadavg()[0] ?? Number.NaN;

    // The deepest page asked: 20,000 at full scale (799,960 tickets in), proportionally less when scaled.
    const deep = Math.min(20_000, Math.floor(seeded.open / 40) - 1);
    // Cold: no boundary cached for these pages (each request caches only the page after it).
    let coldPage = deep + 1;
    const cold = await latencies(10, 0, () => {
      coldPage -= 2;
      return list(`&pageNumber=${coldPage}`);
    });

    // Walk there with the cursors the list answers.
    let cursor = "";
    const walkStart = performance.now();
    for (let page = 1; page < deep; page++) {
      const res = JSON.parse((await list(cursor ? `&cursor=${cursor}` : "")).body) as { nextCursor: string };
      cursor = res.nextCursor;
    }
    const walkSeconds = (performance.now() - walkStart) / 1000;
    const byCursor = await latencies(2000, 100, () => list(`&cursor=${cursor}`));
    // The walk left each page's boundary in the cache: pageNumber is a keyset read too.
    const byPageNumber = await latencies(2000, 100, () => list(`&pageNumber=${deep}`));

    // Throughput: 10 clients, each sending its next request when the last one answered.
    const seconds = Number(process.env.BENCH_TICKETS_SECONDS ?? 10);
    let done = 0;
    const until = performance.now() + seconds * 1000;
    await Promise.all(
      Array.from({ length: 10 }, async () => {
        while (performance.now() < until) {
          if ((await list()).status !== 200) throw new Error("GET /tickets failed under load");
          done++;
        }
      }),
    );

    // The floor of the same minutes (bench/floors.ts): a bare node:http server answering the same keyset page.
    const bare = await startBareInbox(db.url);
    let bareFirst: number[];
    let bareDeep: number[];
    let bareDone = 0;
    try {
      const bareGet = (query: string) =>
        get(agent, bare.url, `/?${query}`, "").then((a) => {
          if (a.status !== 200 || (JSON.parse(a.body) as { tickets: unknown[] }).tickets.length !== 40) {
            throw new Error(`bare page answered ${a.status}`);
          }
          return a;
        });
      bareFirst = await latencies(2000, 200, () => bareGet(""));
      const boundary = await pool.query<{ updated_at: Date; id: number }>(
        `SELECT updated_at, id FROM tickets WHERE company_id = 1 AND status = 'open'
         ORDER BY updated_at DESC, id DESC OFFSET $1 LIMIT 1`,
        [(deep - 1) * 40 - 1],
      );
      const deepQuery = `after=${encodeURIComponent(boundary.rows[0]!.updated_at.toISOString())}&id=${boundary.rows[0]!.id}`;
      bareDeep = await latencies(2000, 100, () => bareGet(deepQuery));
      const bareUntil = performance.now() + seconds * 1000;
      const bareStart = performance.now();
      await Promise.all(
        Array.from({ length: 10 }, async () => {
          while (performance.now() < bareUntil) {
            await bareGet("");
            bareDone++;
          }
        }),
      );
      bareDone = bareDone / ((performance.now() - bareStart) / 1000);
    } finally {
      await bare.close();
    }
    const p95 = (a: number[]) => percentile(a, 95);
    const ms = (a: number[], floor: number[]) =>
      `${fmt(percentile(a, 50), 2)} / ${fmt(p95(a), 2)} (floor ${fmt(percentile(floor, 50), 2)} / ${fmt(p95(floor), 2)}, ${fmt(
        p95(a) / p95(floor),
        1,
      )}× at p95); target p95 < 2: ${p95(a) < 2 ? "met" : "not met"}`;
    const rps = done / seconds;
    return {
      "tickets: seeded (tickets / messages, seconds)": `${TICKETS} / ${TICKETS * MESSAGES_PER_TICKET}, ${fmt(seeded.seconds, 0)} s`,
      "tickets: GET /tickets open tab, first page p50 / p95 (ms)": ms(firstPage, bareFirst),
      [`tickets: page ${deep} by nextCursor p50 / p95 (ms)`]: ms(byCursor, bareDeep),
      [`tickets: page ${deep} by pageNumber, boundary cached, p50 / p95 (ms)`]: ms(byPageNumber, bareDeep),
      [`tickets: page ${deep} by pageNumber, cold (OFFSET) p50 (ms)`]: fmt(percentile(cold, 50), 1),
      [`tickets: walking ${deep - 1} pages by cursor (pages/s)`]: fmt((deep - 1) / walkSeconds, 0),
      "tickets: first page, 10 concurrent clients (requests/s)": `${share(rps, bareDone)}; target >= 2,500: ${
        rps >= 2500 ? "met" : "not met"
      } (Accept-Encoding: ${ACCEPT_ENCODING}; the floor answers uncompressed)`,
      "tickets: first page answer, bytes on the wire / JSON": `${firstAnswer.wireBytes} / ${Buffer.byteLength(firstAnswer.body)}`,
      // The floor is measured in the same minutes, but a loaded machine still moves both: read the ratios then.
      "tickets: machine load average (1 min) after the first page / after the floor": `${fmt(loadAtStart, 1)} / ${fmt(
        loadavg()[0] ?? Number.NaN,
        1,
      )}`,
    };
  } finally {
    agent.destroy();
    await pool.end();
    await core.stop();
    await db.drop();
  }
}

if (import.meta.main) {
  const results = await benchTickets();
  for (const [k, v] of Object.entries(results)) console.log(`  ${k}  ${v}`);
}
