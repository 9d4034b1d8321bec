// The pg pool that core's use cases run on, and how pg reads our column types.
// Kept apart from orm.ts so that a process can query without loading MikroORM.
import pg from "pg";
import type { PoolSettings } from "../kernel/config.ts";

// bigint (int8) as a JS number: our sequences stay far below 2^53.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));
// date columns stay plain yyyy-mm-dd strings, with no time zone shift.
pg.types.setTypeParser(1082, (v) => v);

export type DbPool = {
  pool: pg.Pool;
  close(): Promise<void>;
};

export function openPool(databaseUrl: string, opts: PoolSettings = {}): DbPool {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: opts.poolSize ?? 10,
    // 0 or absent: no limit (PostgreSQL's own default).
    ...(opts.statementTimeoutMs ? { statement_timeout: opts.statementTimeoutMs } : {}),
    ...(opts.idleTimeoutMs !== undefined ? { idleTimeoutMillis: opts.idleTimeoutMs } : {}),
  });
  pool.on("error", () => {
    /* idle client errors surface on the next query */
  });
  return { pool, close: () => pool.end() };
}
