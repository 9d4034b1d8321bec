// A request that cannot reach the database answers 503 with Retry-After, not 500 (issue 23): the PWA and Meta
// retry, readiness already says not ready, and everything recovers by itself once PostgreSQL is back.
import { AppError } from "./errors.ts";

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

/** Whether `err` says the database cannot be reached (or is shutting down), as pg and MikroORM report it. */
export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== "object" || depth > 3) return false;
  const e = err as { code?: unknown; message?: unknown; errors?: unknown; cause?: unknown };
  if (typeof e.code === "string" && (UNREACHABLE.has(e.code) || PG_UNAVAILABLE.test(e.code))) return true;
  if (typeof e.message === "string" && MESSAGES.test(e.message)) return true;
  if (Array.isArray(e.errors) && e.errors.some((x) => isDatabaseUnavailable(x, depth + 1))) return true;
  return isDatabaseUnavailable(e.cause, depth + 1);
}

/** ERR_DATABASE_UNAVAILABLE, with the seconds to wait before asking again (sent as Retry-After). */
export const databaseUnavailable = (retryAfterSeconds: number) =>
  new AppError("ERR_DATABASE_UNAVAILABLE", "The database is unavailable; please retry later", {
    data: { retryAfterSeconds },
  });
