// One JSON line per answered request (decision 0096): method, path (never the query: tokens travel there), status,
// milliseconds, the request id and, once the session is known, the company and the user. The request id is the
// caller's X-Request-Id when it looks like one (a proxy or load balancer made it), else a new one; it is answered in
// X-Request-Id and carried by every line the request logs (requestIdOf), so one request's lines can be found
// together. Probes and the scrape are left out: they come every few seconds and say nothing.
import { randomUUID } from "node:crypto";
import type { Request, RequestHandler, Response } from "express";
import { logger } from "../kernel/logger.ts";

const REQUEST_ID = /^[A-Za-z0-9._:-]{8,100}$/;
const QUIET = new Set(["/healthz", "/readyz", "/metrics"]);

/** The id of the request `res` answers (set by accessLog). */
export function requestIdOf(res: Response): string | undefined {
  return res.locals.requestId as string | undefined;
}

/** Who asked, once the session middleware has said (res.locals.actor). */
function callerOf(res: Response): { companyId?: number; userId?: number } {
  const actor = res.locals.actor as { id?: number; companyId?: number } | undefined;
  return actor ? { companyId: actor.companyId, userId: actor.id } : {};
}

export function accessLog(opts: { enabled: boolean }): RequestHandler {
  return (req: Request, res: Response, next) => {
    const given = req.headers["x-request-id"];
    const requestId = typeof given === "string" && REQUEST_ID.test(given) ? given : randomUUID();
    res.locals.requestId = requestId;
    res.setHeader("X-Request-Id", requestId);
    if (opts.enabled && !QUIET.has(req.path)) {
      const started = process.hrtime.bigint();
      res.once("finish", () => {
        const ms = Number(process.hrtime.bigint() - started) / 1e6;
        logger.info(
          {
            reqId: requestId,
            method: req.method,
            path: req.path,
            status: res.statusCode,
            ms: Math.round(ms * 10) / 10,
            ...callerOf(res),
          },
          "request",
        );
      });
    }
    next();
  };
}
