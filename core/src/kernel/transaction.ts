// The one way to run a transaction on the pg pool: BEGIN with the options,
// COMMIT, ROLLBACK on any throw, and the client back to the pool (or destroyed
// when it can no longer roll back). Every use case, pull, push and session
// refresh goes through it (docs/decisions/0023-schema-from-entities.md).
import type pg from "pg";

export type IsolationLevel = "read committed" | "repeatable read" | "serializable";

export type TransactionOptions = {
  /** PostgreSQL's default (read committed) when left out. */
  isolation?: IsolationLevel;
  /** READ ONLY: a write inside fails (25006); with repeatable read, one snapshot for every read. */
  readOnly?: boolean;
  /**
   * How many more times to run `fn` when PostgreSQL aborts the transaction with a serialization failure
   * (40001) or a deadlock (40P01). 0 by default: only a caller whose `fn` has no effects outside the
   * database may ask for retries, since `fn` then runs again from the start.
   */
  retries?: number;
};

const RETRYABLE = new Set(["40001", "40P01"]);

const beginStatement = (opts: TransactionOptions) =>
  ["BEGIN", opts.isolation && `ISOLATION LEVEL ${opts.isolation.toUpperCase()}`, opts.readOnly && "READ ONLY"]
    .filter(Boolean)
    .join(" ");

const sqlState = (err: unknown) => (err as { code?: unknown } | null)?.code;

// A checked-out client whose connection dies between queries emits "error"; with no listener that would
// end the process. The failure reaches `fn` through its next query instead.
const ignoreIdleError = () => {};

/** Runs `fn` in one transaction on a pooled client and answers what it answered, after COMMIT. */
export async function transaction<T>(
  pool: pg.Pool,
  fn: (client: pg.PoolClient) => Promise<T>,
  opts: TransactionOptions = {},
): Promise<T> {
  const begin = beginStatement(opts);
  let retriesLeft = opts.retries ?? 0;
  const client = await pool.connect();
  client.on("error", ignoreIdleError);
  let broken: Error | undefined;
  try {
    for (;;) {
      try {
        await client.query(begin);
        const result = await fn(client);
        await client.query("COMMIT");
        return result;
      } catch (err) {
        try {
          await client.query("ROLLBACK");
        } catch (rollbackFailed) {
          // The connection is gone or wedged: it must not serve anyone else.
          broken = rollbackFailed as Error;
          throw err;
        }
        if (retriesLeft > 0 && RETRYABLE.has(sqlState(err) as string)) {
          retriesLeft -= 1;
          continue;
        }
        throw err;
      }
    }
  } finally {
    client.off("error", ignoreIdleError);
    client.release(broken);
  }
}

/** Runs `fn` on a pooled client outside any transaction (a read of one record), releasing it after. */
export async function onPooledClient<T>(pool: pg.Pool, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    return await fn(client);
  } finally {
    client.release();
  }
}
