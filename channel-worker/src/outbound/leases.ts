// Connection leases (docs/decisions/0042): a worker sends for a connection while its row in
// connection_leases names it, its expiry (renewed by the worker's heartbeat) is ahead, and the worker's
// lease session still holds its presence lock. A frozen worker's lease expires; a crashed or cut-off
// worker's presence lock goes with its session. Each take raises the lease's generation (the fencing
// token): claims and sends name the generation they were made under, so a former holder's match nothing.
import type pg from "pg";

/** Advisory lock namespace of the workers' presence locks (the first int of the two-int key): "CFWW". */
export const WORKER_LOCKS = 0x43465757;
/** NOTIFY channel: a lease was given back or a worker left; every worker looks at the leases at once. */
export const LEASES_CHANNEL = "chatflow_leases";

/** The lease timings (decision 0042); tests shorten them. */
export type LeaseTimings = {
  /** How long a take or a heartbeat vouches for a lease. */
  ttlMs: number;
  /** How often the heartbeat renews the worker's leases. */
  heartbeatMs: number;
  /** A send starts only while the lease has at least this long to run, in the database's time and in ours. */
  sendGuardMs: number;
};

export const DEFAULT_LEASE_TIMINGS: LeaseTimings = { ttlMs: 20_000, heartbeatMs: 5_000, sendGuardMs: 2_000 };

/** SQL true while presence lock `keySql` is held by some session of this database. */
export function presenceHeldSql(keySql: string): string {
  return `EXISTS (SELECT 1 FROM pg_locks k WHERE k.locktype = 'advisory' AND k.granted
    AND k.database = (SELECT oid FROM pg_database WHERE datname = current_database())
    AND k.classid = ${WORKER_LOCKS}::bigint::oid AND k.objid = (${keySql})::bigint::oid AND k.objsubid = 2)`;
}

/** The lease a claim or a send is made under. */
export type LeaseToken = { workerId: string; generation: number };

/**
 * A CTE `lease` with one row while the lease of `whatsappIdParam` is still the holder's, under the
 * generation given, with at least `guardMsParam` ms to run. FOR SHARE: a take (an UPDATE of that row)
 * waits for the statement's transaction, so nothing is claimed or marked sending under a lease that
 * another worker took meanwhile.
 */
export function leaseCte(whatsappIdParam: string, workerParam: string, generationParam: string, guardMsParam: string) {
  return `lease AS (SELECT 1 FROM connection_leases l WHERE l.whatsapp_id = ${whatsappIdParam}
    AND l.holder = ${workerParam} AND l.generation = ${generationParam}
    AND l.expires_at > now() + ${guardMsParam} * interval '1 millisecond'
    AND ${presenceHeldSql("l.presence_key")} FOR SHARE OF l)`;
}

export type LeaseSession = {
  client: pg.PoolClient;
  /** The backend pid holding the presence lock. */
  pid: number;
  /** This worker's presence lock key. */
  presenceKey: number;
  /** Runs a query on the lease session, one at a time. */
  query<R extends pg.QueryResultRow>(sql: string, params?: unknown[]): Promise<pg.QueryResult<R>>;
};

/** Opens the lease session: takes a presence lock and registers the worker as live. */
export async function openLeaseSession(pool: pg.Pool, workerId: string, ttlMs: number): Promise<LeaseSession> {
  const client = await pool.connect();
  try {
    const { rows } = await client.query<{ pid: number }>("SELECT pg_backend_pid() AS pid");
    let presenceKey = 0;
    // A random presence key; retry on the rare collision with another live worker.
    for (;;) {
      const key = 1 + Math.floor(Math.random() * 0x7ffffffe);
      const got = await client.query<{ ok: boolean }>("SELECT pg_try_advisory_lock($1, $2) AS ok", [WORKER_LOCKS, key]);
      if (got.rows[0]!.ok) {
        presenceKey = key;
        break;
      }
    }
    await client.query(
      `INSERT INTO channel_workers (worker_id, presence_key, expires_at) VALUES ($1, $2, now() + $3 * interval '1 millisecond')
       ON CONFLICT (worker_id) DO UPDATE SET presence_key = EXCLUDED.presence_key, expires_at = EXCLUDED.expires_at`,
      [workerId, presenceKey, ttlMs],
    );
    let last: Promise<unknown> = Promise.resolve();
    const query = <R extends pg.QueryResultRow>(sql: string, params?: unknown[]) => {
      const next = last.then(() => client.query<R>(sql, params));
      last = next.catch(() => {});
      return next;
    };
    return { client, pid: rows[0]!.pid, presenceKey, query };
  } catch (err) {
    client.release(err as Error);
    throw err;
  }
}

/**
 * Takes the connection's lease when it is free: never taken, given back, expired, or its holder's
 * presence lock gone (the holder crashed or lost its database). Answers the new generation, or null.
 */
export async function tryTake(
  pool: pg.Pool,
  whatsappId: number,
  workerId: string,
  presenceKey: number,
  ttlMs: number,
): Promise<number | null> {
  const { rows } = await pool.query<{ generation: string }>(
    `INSERT INTO connection_leases AS l (whatsapp_id, holder, presence_key, generation, expires_at)
     VALUES ($1, $2, $3, 1, now() + $4 * interval '1 millisecond')
     ON CONFLICT (whatsapp_id) DO UPDATE SET holder = EXCLUDED.holder, presence_key = EXCLUDED.presence_key,
       generation = l.generation + 1, expires_at = EXCLUDED.expires_at
     WHERE l.expires_at <= now() OR NOT ${presenceHeldSql("l.presence_key")}
     RETURNING generation`,
    [whatsappId, workerId, presenceKey, ttlMs],
  );
  return rows[0] ? Number(rows[0].generation) : null;
}

/** Gives a lease back (free at once for any worker) and tells the other workers. */
export async function giveBack(pool: pg.Pool, whatsappId: number, lease: LeaseToken): Promise<void> {
  await pool.query(
    `WITH gone AS (UPDATE connection_leases SET expires_at = '-infinity'
       WHERE whatsapp_id = $1 AND holder = $2 AND generation = $3 RETURNING whatsapp_id)
     SELECT pg_notify($4, 'released') FROM gone`,
    [whatsappId, lease.workerId, lease.generation, LEASES_CHANNEL],
  );
}

/**
 * The heartbeat: renews the worker's presence and the leases it still holds under the generations given.
 * Answers the connections renewed; one missing was taken by another worker.
 */
export async function renew(
  pool: pg.Pool,
  workerId: string,
  held: { whatsappId: number; generation: number }[],
  ttlMs: number,
): Promise<Set<number>> {
  const { rows } = await pool.query<{ whatsapp_id: number }>(
    `WITH me AS (UPDATE channel_workers SET expires_at = now() + $4 * interval '1 millisecond' WHERE worker_id = $1)
     UPDATE connection_leases l SET expires_at = now() + $4 * interval '1 millisecond'
     FROM unnest($2::int[], $3::bigint[]) AS h(w, g)
     WHERE l.whatsapp_id = h.w AND l.generation = h.g AND l.holder = $1
     RETURNING l.whatsapp_id`,
    [workerId, held.map((h) => h.whatsappId), held.map((h) => h.generation), ttlMs],
  );
  return new Set(rows.map((r) => r.whatsapp_id));
}

/**
 * How many workers are live: presence lock held and heartbeat fresh (a frozen worker does not count,
 * so the others take its share). Also forgets the rows of workers whose presence lock is gone.
 */
export async function liveWorkers(pool: pg.Pool): Promise<number> {
  await pool.query(`DELETE FROM channel_workers w WHERE NOT ${presenceHeldSql("w.presence_key")}`);
  const { rows } = await pool.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM channel_workers WHERE expires_at > now()",
  );
  return Math.max(1, rows[0]!.n);
}

/** The leases of `whatsappIds` that others hold: when the soonest one expires, in ms from now (null if none). */
export async function nextForeignExpiry(
  pool: pg.Pool,
  workerId: string,
  whatsappIds: number[],
): Promise<number | null> {
  const { rows } = await pool.query<{ ms: number | null }>(
    `SELECT ceil(extract(epoch FROM min(expires_at) - now()) * 1000)::float8 AS ms FROM connection_leases
     WHERE whatsapp_id = ANY($1::int[]) AND holder <> $2 AND expires_at > now()`,
    [whatsappIds, workerId],
  );
  return rows[0]?.ms ?? null;
}

/** The presence keys of the live workers' sessions, ascending. */
export async function presenceKeys(pool: pg.Pool): Promise<number[]> {
  const { rows } = await pool.query<{ key: number }>(
    `SELECT objid::bigint::int AS key FROM pg_locks WHERE locktype = 'advisory' AND granted AND objsubid = 2
       AND classid = $1::bigint::oid AND database = (SELECT oid FROM pg_database WHERE datname = current_database())
     ORDER BY 1`,
    [WORKER_LOCKS],
  );
  return rows.map((r) => r.key);
}
