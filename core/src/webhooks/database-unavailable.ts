// A webhook that cannot reach the database answers 503 with Retry-After, not 500: Meta retries either, but the
// answer says what happened (the platform's delivery logs show it) and when to come back (decision 0092).
import type { ErrorRequestHandler } from "express";
import { internalError } from "../kernel/errors.ts";

/** Seconds Meta is asked to wait before delivering again. */
export const RETRY_AFTER_SECONDS = 30;

/** Socket errors of a pool that cannot connect, and PostgreSQL's connection and shutdown classes (08, 57P, 53300). */
const UNREACHABLE = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ENOTFOUND",
  "EAI_AGAIN",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "EPIPE",
]);
const PG_UNAVAILABLE = /^(08\d{3}|57P0[1-4]|53300)$/;
const MESSAGES =
  /timeout exceeded when trying to connect|Connection terminated|connection error|Cannot use a pool after/i;

/** Whether `err` says the database cannot be reached (or is shutting down), as pg reports it. */
export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== "object" || depth > 3) return false;
  const e = err as { code?: unknown; message?: unknown; errors?: unknown; cause?: unknown };
  if (typeof e.code === "string" && (UNREACHABLE.has(e.code) || PG_UNAVAILABLE.test(e.code))) return true;
  if (typeof e.message === "string" && MESSAGES.test(e.message)) return true;
  if (Array.isArray(e.errors) && e.errors.some((x) => isDatabaseUnavailable(x, depth + 1))) return true;
  return isDatabaseUnavailable(e.cause, depth + 1);
}

/** Mounted after a webhook's routes: a database that cannot be reached answers 503; anything else goes on. */
export const answerDatabaseUnavailable: ErrorRequestHandler = (err, req, res, next) => {
  if (!isDatabaseUnavailable(err)) return next(err);
  console.warn(`${req.method} ${req.path}: database unavailable, asked to retry: ${(err as Error).message}`);
  res.setHeader("Retry-After", String(RETRY_AFTER_SECONDS));
  res.status(503).json({ ...internalError().toBody(), message: "The database is unavailable; please retry later" });
};
