// A webhook that cannot reach the database answers 503 with Retry-After, not 500: Meta retries either, but the
// answer says what happened (the platform's delivery logs show it) and when to come back (decision 0092).
import type { ErrorRequestHandler } from "express";
import { requestIdOf } from "../http/access-log.ts";
import { databaseUnavailable, isDatabaseUnavailable } from "../kernel/database-unavailable.ts";
import { logger } from "../kernel/logger.ts";

export { isDatabaseUnavailable };

/** Seconds Meta is asked to wait before delivering again. */
export const RETRY_AFTER_SECONDS = 30;

/**
 * Mounted after a webhook's routes: a database that cannot be reached becomes ERR_DATABASE_UNAVAILABLE with Meta's
 * longer wait, which the one error handler (http/error-handler.ts) answers as 503 with Retry-After; anything else goes on.
 */
export const answerDatabaseUnavailable: ErrorRequestHandler = (err, req, res, next) => {
  if (!isDatabaseUnavailable(err)) return next(err);
  logger.warn(
    { reqId: requestIdOf(res), method: req.method, path: req.path, reason: (err as Error).message },
    "database unavailable, webhook asked to retry",
  );
  next(databaseUnavailable(RETRY_AFTER_SECONDS));
};
