// The sync server's probes (kernel/health.ts) and metrics (kernel/metrics.ts) on its own port: GET /healthz,
// /readyz and, with METRICS_TOKEN, /metrics, answered before Hocuspocus's default page.

import { type HealthState, healthProbe, type ReadinessChecks } from "@chatflow/core/kernel/health.ts";
import { createRegistry, scrape } from "@chatflow/core/kernel/metrics.ts";
import type { Extension, Hocuspocus, onRequestPayload } from "@hocuspocus/server";
import type pg from "pg";
import { Gauge, type Registry } from "prom-client";

/** The process's metrics and what it holds open: co-editing connections and loaded documents. */
export function syncMetrics(hocuspocus: () => Hocuspocus | undefined): Registry {
  const registry = createRegistry("sync-server");
  new Gauge({
    name: "chatflow_collab_connections",
    help: "Open co-editing connections",
    registers: [registry],
    collect() {
      this.set(hocuspocus()?.getConnectionsCount() ?? 0);
    },
  });
  new Gauge({
    name: "chatflow_collab_documents",
    help: "Co-edited documents loaded in memory",
    registers: [registry],
    collect() {
      this.set(hocuspocus()?.getDocumentsCount() ?? 0);
    },
  });
  return registry;
}

export function healthChecks(
  pool: pg.Pool,
  state: HealthState,
  metrics: { registry: Registry; token: string | undefined },
  more: ReadinessChecks = {},
): Extension {
  return {
    async onRequest({ request, response }: onRequestPayload) {
      const path = new URL(request.url ?? "/", "http://sync").pathname;
      if (request.method !== "GET") return;
      if (path === "/metrics") {
        const answer = await scrape(metrics.registry, metrics.token, request.headers.authorization);
        response.writeHead(answer.status, answer.headers).end(answer.body);
        throw null;
      }
      const answer = await healthProbe(path, "sync-server", pool, state, more);
      if (!answer) return;
      response.writeHead(answer.status, { ...answer.headers, "Content-Type": "application/json" });
      response.end(JSON.stringify(answer.body));
      // Handled: Hocuspocus's default answer must not follow (a hook that rejects empty stops the chain).
      throw null;
    },
  };
}
