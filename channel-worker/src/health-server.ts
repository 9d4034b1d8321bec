// The worker's probes and metrics on a port of their own (WORKER_HEALTH_PORT): the worker serves no HTTP
// otherwise, and an orchestrator still needs to know it is alive and can reach its database (kernel/health.ts),
// and a scraper what it is doing (worker-metrics.ts).
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { HealthAnswer } from "@chatflow/core/kernel/health.ts";
import type { MetricsAnswer } from "@chatflow/core/kernel/metrics.ts";

export type HealthServer = { port: number; close(): Promise<void> };

export async function startHealthServer(
  port: number,
  probe: (path: string) => Promise<HealthAnswer | undefined> | undefined,
  metrics?: (authorization: string | undefined) => Promise<MetricsAnswer>,
  host = "0.0.0.0",
): Promise<HealthServer> {
  const server: Server = createServer(async (req, res) => {
    const path = new URL(req.url ?? "/", "http://worker").pathname;
    if (metrics && req.method === "GET" && path === "/metrics") {
      const scraped = await metrics(req.headers.authorization).catch(() => undefined);
      res.writeHead(scraped?.status ?? 503, scraped?.headers ?? {}).end(scraped?.body ?? "");
      return;
    }
    // A probe that fails (the worker could not start) is an unready worker, not a missing page.
    const unready: HealthAnswer = { status: 503, headers: {}, body: { status: "unavailable" } };
    const answer = req.method === "GET" ? await probe(path)?.catch(() => unready) : undefined;
    if (!answer) {
      res.writeHead(404, { "Content-Type": "application/json" }).end('{"error":"ERR_NOT_FOUND"}');
      return;
    }
    res.writeHead(answer.status, { ...answer.headers, "Content-Type": "application/json" });
    res.end(JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
