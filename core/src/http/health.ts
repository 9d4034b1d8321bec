// core's probes (kernel/health.ts): GET /healthz and /readyz, and while draining, `Connection: close` on every
// answer so clients move to another core.
import { type RequestHandler, Router } from "express";
import type pg from "pg";
import { type HealthState, healthProbe } from "../kernel/health.ts";

export type { HealthState } from "../kernel/health.ts";

export function healthRoutes(pool: pg.Pool, state: HealthState): Router {
  const router = Router();
  for (const path of ["/healthz", "/readyz"]) {
    router.get(path, async (_req, res) => {
      const answer = (await healthProbe(path, "core", pool, state))!;
      res.status(answer.status).set(answer.headers).json(answer.body);
    });
  }
  return router;
}

/**
 * While draining, every answer to a request that arrives says `Connection: close`, so the client's next request
 * opens a connection to another core instead of reusing this one. A request already in flight when the stop began
 * keeps its connection until it is answered; the stopping server closes it then (server.ts sweeps idle ones).
 */
export function closeWhenDraining(state: HealthState): RequestHandler {
  return (_req, res, next) => {
    if (state.draining) res.setHeader("Connection", "close");
    next();
  };
}
