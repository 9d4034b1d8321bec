// The worker's Prometheus metrics (kernel/metrics.ts), served beside its probes on WORKER_HEALTH_PORT: the
// connections it holds and each one's status, each one's queue (depth and the oldest message's age, read at scrape
// time), what its sends came to, by outcome and error code, and how late the timed jobs are.
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
  // Each held connection's state as the database has it (what admins and agents are shown), one series per
  // connection set to 1: alert on chatflow_connection_status{status!="CONNECTED"} == 1.
  new Gauge({
    name: "chatflow_connection_status",
    help: "A held connection's status (1 for its current one), by connection, channel and status",
    labelNames: ["connection", "channel", "status"],
    registers: [registry],
    async collect() {
      const owned = sources.owned();
      this.reset();
      if (owned.length === 0) return;
      const { rows } = await sources.pool.query<{ id: number; channel: string; status: string }>(
        `/* all-companies: the connections this worker holds, whatever their company */
         SELECT id, channel, status FROM whatsapps WHERE id = ANY($1::int[])`,
        [owned],
      );
      for (const r of rows) this.set({ connection: String(r.id), channel: r.channel, status: r.status }, 1);
    },
  });
  // Timed jobs (agenda) due and not yet picked up: how late the latest one of each name is. Every worker reads
  // the same table, so every worker reports the same lag; 0 when nothing of that name is waiting.
  new Gauge({
    name: "chatflow_job_lag_seconds",
    help: "How long the oldest due timed job of each name has waited to be picked up",
    labelNames: ["job"],
    registers: [registry],
    async collect() {
      const { rows } = await sources.pool.query<{ name: string; lag: number }>(
        `/* all-companies: the platform's timed jobs */
         SELECT name, coalesce(max(extract(epoch FROM now() - next_run_at))
           FILTER (WHERE next_run_at <= now() AND locked_at IS NULL), 0)::float8 AS lag
         FROM agenda_jobs WHERE disabled IS NOT TRUE GROUP BY name`,
      );
      this.reset();
      for (const r of rows) this.set({ job: r.name }, r.lag);
    },
  });
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
