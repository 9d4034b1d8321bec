// A webhook that cannot reach the database answers 503 with Retry-After, not 500: Meta retries either, but the
// answer says what happened (the platform's delivery logs show it) and when to come back (decision 0092).
import type { ErrorRequestHandler } from "express";
import { statusOf } from "../contract/errors.ts";
import { databaseUnavailable, isDatabaseUnavailable } from "../kernel/database-unavailable.ts";

export { isDatabaseUnavailable };

/** Seconds Meta is asked to wait before delivering again. */
export const RETRY_AFTER_SECONDS = 30;

/** Mounted after a webhook's routes: a database that cannot be reached answers 503; anything else goes on. */
export const answerDatabaseUnavailable: ErrorRequestHandler = (err, req, res, next) => {
  if (!isDatabaseUnavailable(err)) return next(err);
  console.warn(`${req.method} ${req.path}: database unavailable, asked to retry: ${(err as Error).message}`);
  res.setHeader("Retry-After", String(RETRY_AFTER_SECONDS));
  const unavailable = databaseUnavailable(RETRY_AFTER_SECONDS);
  res.status(statusOf(unavailable.code)).json(unavailable.toBody());
};
