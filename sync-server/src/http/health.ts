// The sync server's probes (kernel/health.ts) on its own port: GET /healthz and /readyz, answered before
// Hocuspocus's default page.

import { type HealthState, healthProbe } from "@chatflow/core/kernel/health.ts";
import type { Extension, onRequestPayload } from "@hocuspocus/server";
import type pg from "pg";

export function healthChecks(pool: pg.Pool, state: HealthState): Extension {
  return {
    async onRequest({ request, response }: onRequestPayload) {
      const path = new URL(request.url ?? "/", "http://sync").pathname;
      const answer = request.method === "GET" ? await healthProbe(path, "sync-server", pool, state) : undefined;
      if (!answer) return;
      response.writeHead(answer.status, { ...answer.headers, "Content-Type": "application/json" });
      response.end(JSON.stringify(answer.body));
      // Handled: Hocuspocus's default answer must not follow (a hook that rejects empty stops the chain).
      throw null;
    },
  };
}
