// A rolling restart under steady traffic (issue 23): two cores on one database behind a balancer that does what
// deploy/nginx.conf and any load balancer with health checks do (routes to the backends whose /readyz answers 200,
// checked every 100 ms, and tries the other backend when a connection fails before an answer: any request whose
// connection was refused, and a GET whatever failed). Core A is stopped as SIGTERM stops it while clients keep reading and writing: no request fails.
import { describe, expect, it, vi } from "vitest";
import { buildInbox } from "../testing/messages-factories.ts";
import { balancer } from "../testing/relays.ts";
import { startTestCore } from "../testing/test-core.ts";
import { forFile } from "../testing/test-world.ts";

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
