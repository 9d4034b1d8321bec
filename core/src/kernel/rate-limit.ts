// Fixed-window rate limits kept in PostgreSQL (table rate_limits, decision 0022), so
// every core process behind a load balancer counts against the same numbers.
import type pg from "pg";
import { tooManyRequests } from "./errors.ts";

export type Limit = { max: number; windowSeconds: number };

type Queryable = Pick<pg.Pool, "query">;

/**
 * Counts one hit on `key`; past `limit.max` hits in the window it throws ERR_TOO_MANY_REQUESTS
 * with the seconds until the window ends (the error handler sends them as Retry-After).
 * The count and the check are one statement, so parallel requests cannot slip past it.
 */
export async function hitRateLimit(db: Queryable, key: string, limit: Limit): Promise<void> {
  const { rows } = await db.query<{ hits: number; retry: number }>(
    `INSERT INTO rate_limits AS r (key, window_start, hits) VALUES ($1, now(), 1)
     ON CONFLICT (key) DO UPDATE SET
       hits = CASE WHEN r.window_start <= now() - make_interval(secs => $2) THEN 1 ELSE r.hits + 1 END,
       window_start = CASE WHEN r.window_start <= now() - make_interval(secs => $2) THEN now() ELSE r.window_start END
     RETURNING hits,
       greatest(1, ceil(extract(epoch FROM r.window_start + make_interval(secs => $2) - now())))::int AS retry`,
    [key, limit.windowSeconds],
  );
  const row = rows[0]!;
  // Old windows of keys never hit again would pile up: a rare sweep keeps the table small.
  if (row.hits === 1 && Math.random() < 0.01) {
    await db.query("DELETE FROM rate_limits WHERE window_start < now() - interval '1 day'").catch(() => {});
  }
  if (row.hits > limit.max) throw tooManyRequests(undefined, row.retry);
}

/**
 * Refuses with ERR_TOO_MANY_REQUESTS when `key` is already past `limit.max` hits in its window, without counting
 * one: for limits that count only refusals (decision 0044) but must stop every further try once reached.
 */
export async function assertUnderRateLimit(db: Queryable, key: string, limit: Limit): Promise<void> {
  const { rows } = await db.query<{ retry: number }>(
    `SELECT greatest(1, ceil(extract(epoch FROM window_start + make_interval(secs => $2) - now())))::int AS retry
     FROM rate_limits WHERE key = $1 AND window_start > now() - make_interval(secs => $2) AND hits >= $3`,
    [key, limit.windowSeconds, limit.max],
  );
  if (rows[0]) throw tooManyRequests(undefined, rows[0].retry);
}

/** Forgets a key's count (a successful login clears its account's failures). */
export async function resetRateLimit(db: Queryable, key: string): Promise<void> {
  await db.query("DELETE FROM rate_limits WHERE key = $1", [key]);
}
