// The worker process's probes on WORKER_HEALTH_PORT: alive, ready once it reaches its database, and gone after a
// SIGTERM that it answers by stopping cleanly.

import { runPartProcess } from "@chatflow/core/testing/part-process.ts";
import { testDbForFile } from "@chatflow/core/testing/test-world.ts";
import { describe, expect, it } from "vitest";

const db = testDbForFile();

describe("worker health", () => {
  it("answers /healthz, /readyz and, with its token, /metrics on its own port, 404 elsewhere, and closes it on SIGTERM", async () => {
    const w = runPartProcess("channel-worker", {
      DATABASE_URL: db.url,
      WORKER_HEALTH_PORT: "0",
      CHATFLOW_WORKER_ID: "probed",
      METRICS_TOKEN: "worker-scrape-token",
    });
    try {
      await w.printed(/health on port \d+/);
      const port = /health on port (\d+)/.exec(w.output())![1];
      const base = `http://127.0.0.1:${port}`;
      const alive = await fetch(`${base}/healthz`);
      expect(alive.status).toBe(200);
      expect(await alive.json()).toMatchObject({ status: "ok", part: "channel-worker" });
      const ready = await fetch(`${base}/readyz`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toMatchObject({ status: "ready", checks: { database: "ok" } });
      expect((await fetch(`${base}/metrics`)).status).toBe(403);
      const metrics = await fetch(`${base}/metrics`, { headers: { authorization: "Bearer worker-scrape-token" } });
      expect(metrics.status).toBe(200);
      expect(await metrics.text()).toContain('chatflow_worker_connections_held{part="channel-worker"} 0');
      expect((await fetch(`${base}/nothing-here`)).status).toBe(404);
      w.child.kill("SIGTERM");
      expect((await w.exited).code).toBe(0);
      await expect(fetch(`${base}/healthz`)).rejects.toThrow();
    } finally {
      if (w.child.exitCode === null) w.child.kill("SIGKILL");
    }
  }, 60_000);
});
