// core's Prometheus metrics (kernel/metrics.ts): request latency by route and status, the database pool's
// connections and waiting clients, realtime sockets, and what ingest commits. GET /metrics serves them to a
// scraper holding METRICS_TOKEN.
import type { RequestHandler, Router } from "express";
import express from "express";
import type pg from "pg";
import { Counter, Gauge, Histogram, type Registry } from "prom-client";
import { routeNotFound } from "../kernel/errors.ts";
import { scrape } from "../kernel/metrics.ts";

export type CoreMetrics = {
  registry: Registry;
  /** Times every answer by its route pattern (not its URL, so ids do not make new series). */
  timeRequests: RequestHandler;
  /** What the ingest batcher committed: events in, messages stored, the transaction's seconds. */
  ingested(events: number, stored: number, seconds: number): void;
};

export function coreMetrics(
  registry: Registry,
  sources: { pool: pg.Pool; realtimeSockets?: () => number },
): CoreMetrics {
  const requests = new Histogram({
    name: "chatflow_http_request_duration_seconds",
    help: "Time to answer a request, by method, route pattern and status",
    labelNames: ["method", "route", "status"],
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10],
    registers: [registry],
  });
  new Gauge({
    name: "chatflow_db_pool_connections",
    help: "The database pool's connections, by state (idle, busy), and the clients waiting for one",
    labelNames: ["state"],
    registers: [registry],
    collect() {
      const { totalCount, idleCount, waitingCount } = sources.pool;
      this.set({ state: "idle" }, idleCount);
      this.set({ state: "busy" }, totalCount - idleCount);
      this.set({ state: "waiting" }, waitingCount);
    },
  });
  new Gauge({
    name: "chatflow_realtime_sockets",
    help: "Open realtime WebSocket connections (/ws)",
    registers: [registry],
    collect() {
      this.set(sources.realtimeSockets?.() ?? 0);
    },
  });
  const events = new Counter({
    name: "chatflow_ingest_events_total",
    help: "Inbound channel events committed by ingest",
    registers: [registry],
  });
  const stored = new Counter({
    name: "chatflow_ingest_messages_stored_total",
    help: "Inbound messages stored by ingest (a redelivery stores none)",
    registers: [registry],
  });
  const batches = new Histogram({
    name: "chatflow_ingest_transaction_seconds",
    help: "Time of one ingest transaction",
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
    registers: [registry],
  });
  const byRoute = new Map<string, { observe(seconds: number): void }>();
  return {
    registry,
    timeRequests(req, res, next) {
      const started = performance.now();
      res.once("finish", () => {
        const route = req.route?.path;
        const pattern = typeof route === "string" ? `${req.baseUrl}${route}` : "unmatched";
        // One child per method, route and status, kept: labelling a histogram per observation costs more than the
        // request it measures on the cheapest routes (a webhook).
        const key = `${req.method} ${pattern} ${res.statusCode}`;
        let series = byRoute.get(key);
        if (!series) {
          series = requests.labels(req.method, pattern, String(res.statusCode));
          byRoute.set(key, series);
        }
        series.observe((performance.now() - started) / 1000);
      });
      next();
    },
    ingested(n, s, seconds) {
      events.inc(n);
      stored.inc(s);
      batches.observe(seconds);
    },
  };
}

/** GET /metrics (kernel/metrics.ts's rules: without METRICS_TOKEN there are no metrics and the path is a 404). */
export function metricsRoute(metrics: CoreMetrics | undefined, token: string | undefined): Router {
  return express.Router().get("/metrics", async (req, res, next) => {
    if (!metrics) return next(routeNotFound());
    const answer = await scrape(metrics.registry, token, req.headers.authorization);
    res.status(answer.status).set(answer.headers).send(answer.body);
  });
}
