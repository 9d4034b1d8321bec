// What a scrape of the worker reads: the connections it holds and their status, each one's queue, its sends by
// outcome and code, counted as the sends end (a message the Graph API refuses counts as failed with its error code),
// and how late the timed jobs are.
import { scrape } from "@chatflow/core/kernel/metrics.ts";
import { metricValue } from "@chatflow/core/testing/metric-value.ts";
import { testDbForFile } from "@chatflow/core/testing/test-world.ts";
import { describe, expect, it } from "vitest";
import { fakeGraphApiForFile } from "./testing/fake-graph-api.ts";
import { messageState, setupCloudConnection, TEST_WORKER, waitFor } from "./testing/outbound-fixtures.ts";
import { startWorker } from "./worker.ts";

const db = testDbForFile();
const fake = fakeGraphApiForFile();

/** The value of one series, by its name and labels (in any order; the part's label is added). */
const value = (text: string, name: string, labels: Record<string, string> = {}) =>
  metricValue(text, name, { ...labels, part: "channel-worker" });

describe("#worker.metrics", () => {
  it("counts held connections, queued messages and sends by outcome and code", async () => {
    const c = await setupCloudConnection(db.pool);
    // Each send waits, so the queue is seen while it drains; the refused one answers as Meta documents 131026.
    fake.reply = (req) =>
      req.body.text?.body === "refused"
        ? { status: 400, body: { error: { message: "(#131026) Message undeliverable", code: 131026 } } }
        : { delayMs: 300 };
    const ids = [await c.enqueue("first"), await c.enqueue("refused"), await c.enqueue("last")];
    const worker = await startWorker({ databaseUrl: db.url, graphApiUrl: fake.url, ...TEST_WORKER });
    try {
      const read = async () => (await scrape(worker.metrics, "t", "Bearer t")).body;
      expect(value(await read(), "chatflow_worker_connections_held")).toBeGreaterThanOrEqual(1);
      await waitFor(
        async () => (value(await read(), "chatflow_outbox_depth", { connection: String(c.whatsappId) }) ?? 0) > 0,
        "the queue seen waiting",
      );
      expect(
        value(await read(), "chatflow_outbox_oldest_seconds", { connection: String(c.whatsappId) }),
      ).toBeGreaterThanOrEqual(0);
      await waitFor(async () => (await messageState(db.pool, ids[2]!)).send_state === "sent", "the last message");
      const text = await read();
      expect(value(text, "chatflow_sends_total", { outcome: "sent", code: "" })).toBe(2);
      // 131026 is Meta's "not on WhatsApp" (decision 0120): counted under the spec's invalid-number code.
      expect(value(text, "chatflow_sends_total", { outcome: "failed", code: "ERR_WAPP_INVALID_CONTACT" })).toBe(1);
      expect(value(text, "chatflow_outbox_depth", { connection: String(c.whatsappId) })).toBe(0);
      expect(text).toContain("nodejs_eventloop_lag_seconds");
      const { rows } = await db.pool.query("SELECT channel, status FROM whatsapps WHERE id = $1", [c.whatsappId]);
      expect(
        value(text, "chatflow_connection_status", {
          connection: String(c.whatsappId),
          channel: rows[0].channel,
          status: rows[0].status,
        }),
      ).toBe(1);
      // A timed job due 90 s ago that nobody picked up is as late as that.
      await db.pool.query(
        "INSERT INTO agenda_jobs (name, next_run_at, type) VALUES ('metrics-test-late-job', now() - interval '90 seconds', 'normal')",
      );
      const lag = value(await read(), "chatflow_job_lag_seconds", { job: "metrics-test-late-job" });
      expect(lag).toBeGreaterThanOrEqual(90);
      expect(lag).toBeLessThan(600);
    } finally {
      await worker.stop();
    }
  }, 30_000);
});
