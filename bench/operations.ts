// What an operator sees (issue 23): how long core takes to stop with SIGTERM (idle, and draining under ten clients:
// every request it accepted answered, none dropped), and how long a Prometheus scrape of /metrics takes. Core runs from its
// build in a child process, as `npm start` and the image run it.
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { adminToken, fmt, freshDatabase, percentile, startCoreChild } from "./lib.ts";

const SCRAPES = 200;
const TOKEN = "bench-metrics-token";

export async function benchOperations(): Promise<Record<string, string>> {
  const db = await freshDatabase();
  const dataDir = await mkdtemp(path.join(tmpdir(), "chatflow-bench-ops-"));
  const out: Record<string, string> = {};
  try {
    // Scrape time: what Prometheus waits for, every 15 s by default, after some traffic fills the series.
    const core = await startCoreChild(db.url, dataDir, { METRICS_TOKEN: TOKEN, ACCESS_LOG: "off" });
    const token = await adminToken(core.url);
    for (let i = 0; i < 200; i++) {
      await (
        await fetch(`${core.url}/tickets?status=open&showAll=true`, { headers: { authorization: `Bearer ${token}` } })
      ).arrayBuffer();
    }
    const times: number[] = [];
    let bytes = 0;
    for (let i = 0; i < SCRAPES + 20; i++) {
      const t0 = performance.now();
      const res = await fetch(`${core.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
      const text = await res.text();
      if (res.status !== 200) throw new Error(`/metrics answered ${res.status}`);
      if (i >= 20) times.push(performance.now() - t0);
      bytes = text.length;
    }
    times.sort((a, b) => a - b);
    out["operations: /metrics scrape (core), median / p95"] =
      `${fmt(percentile(times, 0.5))} / ${fmt(percentile(times, 0.95))} ms (${fmt(bytes / 1024)} KiB)`;

    // An idle core's drained stop (DRAIN_DELAY_MS=0): SIGTERM to exit.
    const t0 = performance.now();
    await core.stop();
    out["operations: SIGTERM to exit, idle core"] = `${fmt(performance.now() - t0, 0)} ms`;

    // Ten clients sending all along, DRAIN_DELAY_MS=1000 (readiness says draining for a second first, as a balancer
    // needs): every request the core accepted is answered; once its listener has closed, a new connection is refused
    // (ECONNREFUSED, which a balancer retries elsewhere). A reset or an HTTP error would be a dropped request.
    const busy = await startCoreChild(db.url, dataDir, { ACCESS_LOG: "off", DRAIN_DELAY_MS: "1000" });
    const busyToken = await adminToken(busy.url);
    let answered = 0;
    let dropped = 0;
    let sigterm = 0;
    const client = async () => {
      for (;;) {
        try {
          const res = await fetch(`${busy.url}/tickets?status=open&showAll=true`, {
            headers: { authorization: `Bearer ${busyToken}` },
          });
          await res.arrayBuffer();
          if (res.status === 200) {
            if (sigterm) answered++;
          } else dropped++;
        } catch (err) {
          const code = (err as { cause?: { code?: string } }).cause?.code;
          if (code !== "ECONNREFUSED") dropped++;
          return;
        }
      }
    };
    const clients = Array.from({ length: 10 }, client);
    await new Promise((r) => setTimeout(r, 300));
    sigterm = performance.now();
    await busy.stop();
    const stopMs = performance.now() - sigterm;
    await Promise.all(clients);
    out["operations: SIGTERM to exit, 10 clients sending, DRAIN_DELAY_MS=1000"] =
      `${fmt(stopMs, 0)} ms; ${answered} answered while draining, ${dropped} dropped`;
  } finally {
    await db.drop();
  }
  return out;
}
