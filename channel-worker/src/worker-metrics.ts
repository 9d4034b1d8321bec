// The worker's Prometheus metrics (kernel/metrics.ts), served beside its probes on WORKER_HEALTH_PORT: the
// connections it holds, each one's queue (depth and the oldest message's age, read at scrape time), and what its
// sends came to, by outcome and error code.
import { createRegistry } from "@chatflow/core/kernel/metrics.ts";
import type pg from "pg";
import { Counter, Gauge, type Registry } from "prom-client";

export type SendOutcome = "sent" | "failed" | "retry";

export type WorkerMetrics = {
  registry: Registry;
  /** A send ended: sent, failed for good (with its code), or handed back to retry later (with its reason). */
  sent(outcome: SendOutcome, code?: string): void;
};

export function workerMetrics(sources: { pool: pg.Pool; owned: () => number[] }): WorkerMetrics {
  const registry = createRegistry("channel-worker");
  new Gauge({
    name: "chatflow_worker_connections_held",
    help: "Connections whose lease this worker holds",
    registers: [registry],
    collect() {
      this.set(sources.owned().length);
    },
  });
  // A scrape collects its metrics at once: the two queue gauges share one read of the queues.
  type Queue = { whatsapp_id: number; queued: number; age: number };
  let reading: Promise<{ owned: number[]; rows: Queue[] }> | undefined;
  const readQueues = () => {
    reading ??= (async () => {
      const owned = sources.owned();
      if (owned.length === 0) return { owned, rows: [] };
      const { rows } = await sources.pool.query<Queue>(
        `/* all-companies: the queues of the connections this worker holds, whatever their company */
         SELECT whatsapp_id, count(*)::int AS queued,
           extract(epoch FROM now() - min(created_at))::float8 AS age
         FROM messages WHERE whatsapp_id = ANY($1::int[]) AND send_state IN ('queued', 'claimed', 'sending')
         GROUP BY whatsapp_id`,
        [owned],
      );
      return { owned, rows };
    })().finally(() => {
      reading = undefined;
    });
    return reading;
  };
  const queueGauge = (name: string, help: string, read: (q: Queue | undefined) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ["connection"],
      registers: [registry],
      async collect() {
        const { owned, rows } = await readQueues();
        this.reset();
        for (const id of owned) this.set({ connection: String(id) }, read(rows.find((r) => r.whatsapp_id === id)));
      },
    });
  queueGauge(
    "chatflow_outbox_depth",
    "Messages waiting for a held connection: queued, claimed or being sent",
    (q) => q?.queued ?? 0,
  );
  queueGauge(
    "chatflow_outbox_oldest_seconds",
    "Age of the oldest message waiting for a held connection",
    (q) => q?.age ?? 0,
  );
  const sends = new Counter({
    name: "chatflow_sends_total",
    help: "Sends that ended, by outcome (sent, failed, retry) and error code",
    labelNames: ["outcome", "code"],
    registers: [registry],
  });
  return {
    registry,
    sent(outcome, code = "") {
      sends.inc({ outcome, code });
    },
  };
}
