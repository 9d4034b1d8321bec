// core's probes (kernel/health.ts): GET /healthz and /readyz, and while draining, `Connection: close` on every
// answer so clients move to another core.
import type { ServerResponse } from "node:http";
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
 * While draining, every answer says `Connection: close`, so the client's next request opens a connection to
 * another core instead of reusing this one (checked when the head is written: a request that began before the
 * stop and answers after it is told too).
 */
export function closeWhenDraining(state: HealthState): RequestHandler {
  return (_req, res, next) => {
    const writeHead = res.writeHead;
    res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
      if (state.draining) this.setHeader("Connection", "close");
      return (writeHead as (...a: unknown[]) => ServerResponse).apply(this, args);
    } as typeof res.writeHead;
    next();
  };
}
