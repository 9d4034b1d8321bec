// A rolling restart under steady traffic (issue 23): two cores on one database behind a balancer that does what
// deploy/nginx.conf and any load balancer with health checks do (routes to the backends whose /readyz answers 200,
// checked every 100 ms, and tries the other backend when a connection fails before an answer: any request whose
// connection was refused, and a GET whatever failed). Core A is stopped as SIGTERM stops it while clients keep reading and writing: no request fails.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it, vi } from "vitest";
import { buildInbox } from "../testing/messages-factories.ts";
import { startTestCore } from "../testing/test-core.ts";
import { forFile } from "../testing/test-world.ts";

type Backend = { url: URL; ready: boolean };

/** A balancer in front of `backends`; answers its URL and a stop. */
async function balancer(backends: Backend[]) {
  let next = 0;
  const probe = setInterval(() => {
    for (const b of backends) {
      fetch(new URL("/readyz", b.url), { signal: AbortSignal.timeout(500) })
        .then((r) => {
          b.ready = r.status === 200;
        })
        .catch(() => {
          b.ready = false;
        });
    }
  }, 100);
  const pick = (avoid?: Backend) => {
    const ready = backends.filter((b) => b.ready && b !== avoid);
    return ready[next++ % Math.max(ready.length, 1)] ?? backends.find((b) => b !== avoid);
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      const repeatable = req.method === "GET" || req.method === "HEAD";
      const send = (backend: Backend | undefined, attempt: number) => {
        if (!backend) {
          res.writeHead(502).end();
          return;
        }
        const upstream = http.request(
          new URL(req.url ?? "/", backend.url),
          { method: req.method, headers: { ...req.headers, host: backend.url.host }, agent: false },
          (answer) => {
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(res);
          },
        );
        upstream.on("error", (err: NodeJS.ErrnoException) => {
          // No answer came: try the other backend once, as proxy_next_upstream does: any request whose connection
          // was refused (it never reached the backend), and a GET whatever happened.
          const neverSent = err.code === "ECONNREFUSED";
          if ((repeatable || neverSent) && attempt === 0 && !res.headersSent) send(pick(backend), 1);
          else if (!res.headersSent) res.writeHead(502).end();
        });
        upstream.end(body);
      };
      send(pick(), 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stop: () => {
      clearInterval(probe);
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Two cores on one database, and a company with a conversation to read and write. */
const w = forFile(
  async () => {
    // A's drain first says "not ready" for 500 ms: long enough for the balancer (100 ms checks) to stop sending.
    const a = await startTestCore({ drainDelayMs: 500 });
    const b = await startTestCore({ databaseUrl: a.config.databaseUrl });
    return { a, b, s: await buildInbox(a) };
  },
  {
    timeout: 120_000,
    async stop({ a, b }) {
      await b.close();
      await a.close();
    },
  },
);

describe("#operations.rolling-restart", () => {
  it("stops one core under steady reads and writes without failing a request", { timeout: 120_000 }, async () => {
    const { a, b, s } = w;
    const backends = [a, b].map((c) => ({ url: new URL(c.url), ready: true }));
    const lb = await balancer(backends);
    const outcomes: { status: number; method: string; at: number }[] = [];
    let running = true;
    let n = 0;
    const client = async (write: boolean) => {
      while (running) {
        const at = Date.now();
        try {
          const res = write
            ? await fetch(`${lb.url}/messages/${s.ticket.id}`, {
                method: "POST",
                headers: { authorization: `Bearer ${s.adminToken}`, "content-type": "application/json" },
                body: JSON.stringify({ body: `mensagem ${++n}`, fromMe: true }),
              })
            : await fetch(`${lb.url}/messages/${s.ticket.id}`, {
                headers: { authorization: `Bearer ${s.adminToken}` },
              });
          await res.arrayBuffer();
          outcomes.push({ status: res.status, method: write ? "POST" : "GET", at });
        } catch {
          outcomes.push({ status: 0, method: write ? "POST" : "GET", at });
        }
      }
    };
    const clients = [client(false), client(false), client(false), client(true), client(true)];
    try {
      // Counted in requests, not seconds: a busy machine answers fewer in the same time.
      await vi.waitFor(() => expect(outcomes.length).toBeGreaterThanOrEqual(15), { timeout: 60_000, interval: 50 });
      const stopStarted = Date.now();
      await a.stop();
      const drainedStopMs = Date.now() - stopStarted;
      const stopped = Date.now();
      await vi.waitFor(() => expect(outcomes.filter((o) => o.at > stopped).length).toBeGreaterThanOrEqual(15), {
        timeout: 60_000,
        interval: 50,
      });
      running = false;
      await Promise.all(clients);

      const failed = outcomes.filter((o) => o.status !== 200);
      expect(failed).toEqual([]);
      // Traffic flowed before, during and after the stop, on both kinds of request.
      expect(outcomes.filter((o) => o.at >= stopStarted && o.at <= stopped).length).toBeGreaterThan(0);
      expect(outcomes.filter((o) => o.method === "POST").length).toBeGreaterThan(5);
      // Every message written was stored once.
      const { rows } = await b.db.pool.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM messages WHERE ticket_id = $1 AND body LIKE 'mensagem %'",
        [s.ticket.id],
      );
      expect(rows[0]?.n).toBe(outcomes.filter((o) => o.method === "POST").length);
      console.info(
        `rolling restart: ${outcomes.length} requests, ${failed.length} failed, drained stop ${drainedStopMs} ms`,
      );
    } finally {
      running = false;
      await Promise.all(clients);
      await lb.stop();
    }
  });
});
