// Connection leases: a worker owns a connection while its lease session (one
// dedicated PostgreSQL connection per worker) holds a session-level advisory
// lock on it. A dead worker's session ends and its locks vanish with it.
import type pg from "pg";

/** Advisory lock namespaces (the first int of the two-int key): "CFWC" and "CFWW". */
export const CONNECTION_LOCKS = 0x43465743;
export const WORKER_LOCKS = 0x43465757;

/**
 * SQL true while the session `pid` holds the lock on connection `whatsappId`. Every state
 * change that may lead to a send checks it in its own statement, so a worker that lost its
 * lease (its session died and another took over) cannot claim or start sending anything.
 * Advisory locks belong to one database; pg_locks shows the whole server.
 */
export function holdsLeaseSql(pidParam: string, whatsappIdParam: string): string {
  return `EXISTS (SELECT 1 FROM pg_locks l WHERE l.locktype = 'advisory' AND l.granted
    AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
    AND l.classid = ${CONNECTION_LOCKS}::bigint::oid AND l.objid = ${whatsappIdParam}::bigint::oid
    AND l.objsubid = 2 AND l.pid = ${pidParam}::int)`;
}

export type LeaseSession = {
  client: pg.PoolClient;
  /** The backend pid holding the locks. */
  pid: number;
  /** Runs a query on the lease session, one at a time (senders release leases concurrently). */
  query<R extends pg.QueryResultRow>(sql: string, params?: unknown[]): Promise<pg.QueryResult<R>>;
};

/** Opens the lease session and registers the worker as live (for the fair share). */
export async function openLeaseSession(pool: pg.Pool): Promise<LeaseSession> {
  const client = await pool.connect();
  try {
    const { rows } = await client.query<{ pid: number }>("SELECT pg_backend_pid() AS pid");
    // A random presence key; retry on the rare collision with another live worker.
    for (;;) {
      const key = 1 + Math.floor(Math.random() * 0x7ffffffe);
      const got = await client.query<{ ok: boolean }>("SELECT pg_try_advisory_lock($1, $2) AS ok", [WORKER_LOCKS, key]);
      if (got.rows[0]!.ok) break;
    }
    let last: Promise<unknown> = Promise.resolve();
    const query = <R extends pg.QueryResultRow>(sql: string, params?: unknown[]) => {
      const next = last.then(() => client.query<R>(sql, params));
      last = next.catch(() => {});
      return next;
    };
    return { client, pid: rows[0]!.pid, query };
  } catch (err) {
    client.release(err as Error);
    throw err;
  }
}

export async function tryAcquire(session: LeaseSession, whatsappId: number): Promise<boolean> {
  const { rows } = await session.query<{ ok: boolean }>("SELECT pg_try_advisory_lock($1, $2) AS ok", [
    CONNECTION_LOCKS,
    whatsappId,
  ]);
  return rows[0]!.ok;
}

export async function release(session: LeaseSession, whatsappId: number): Promise<void> {
  await session.query("SELECT pg_advisory_unlock($1, $2)", [CONNECTION_LOCKS, whatsappId]);
}

/** How many workers are live on this database (each holds one presence lock). */
export async function liveWorkers(session: LeaseSession): Promise<number> {
  const { rows } = await session.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND granted AND objsubid = 2
       AND classid = $1::bigint::oid AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
    [WORKER_LOCKS],
  );
  return Math.max(1, rows[0]!.n);
}
