// Prometheus metrics of one part (prom-client): a registry of its own with the part's name on every series, the
// process's defaults (CPU, memory, event-loop lag, GC, handles), and the one way a scrape is answered. The
// scrape needs METRICS_TOKEN as a bearer token: without the setting there is no /metrics at all.
import { timingSafeEqual } from "node:crypto";
import { collectDefaultMetrics, Registry } from "prom-client";
import { statusOf } from "../contract/errors.ts";

export type MetricsAnswer = { status: number; headers: Record<string, string>; body: string };

/** A registry for one running part (core, sync-server, channel-worker), with Node's own metrics. */
export function createRegistry(part: string): Registry {
  const registry = new Registry();
  registry.setDefaultLabels({ part });
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
  return registry;
}

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * GET /metrics: 404 when no token is configured (the path does not exist), ERR_INVALID_TOKEN without the right
 * bearer token,
 * else the registry in Prometheus's text format.
 */
export async function scrape(
  registry: Registry,
  token: string | undefined,
  authorization: string | undefined,
): Promise<MetricsAnswer> {
  const json = { "Content-Type": "application/json" };
  if (!token) return { status: 404, headers: json, body: '{"error":"ERR_NOT_FOUND","message":"Not found"}' };
  const given = authorization?.startsWith("Bearer ") ? authorization.slice(7) : "";
  if (!sameToken(given, token)) {
    return {
      status: statusOf("ERR_INVALID_TOKEN"),
      headers: { ...json, "WWW-Authenticate": 'Bearer realm="metrics"' },
      body: '{"error":"ERR_INVALID_TOKEN","message":"Metrics need their token"}',
    };
  }
  return {
    status: 200,
    headers: { "Content-Type": registry.contentType, "Cache-Control": "no-store" },
    body: await registry.metrics(),
  };
}
