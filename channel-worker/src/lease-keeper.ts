// Holds this worker's connection leases (decision 0042): the lease session (the presence lock, and the LISTEN the
// worker hears its channels on), takes and gives back, the heartbeat that renews the leases held, and the watch
// ring that notices the moment another worker is gone. What a lease is used for is the supervisor's business.
import { performance } from "node:perf_hooks";
import type pg from "pg";
import {
  DEFAULT_LEASE_TIMINGS,
  giveBack,
  LEASES_CHANNEL,
  type LeaseSession,
  type LeaseTimings,
  openLeaseSession,
  presenceKeys,
  renew,
  tryTake,
  WORKER_LOCKS,
} from "./outbound/leases.ts";

/** A lease this worker took. */
export type Lease = {
  whatsappId: number;
  workerId: string;
  generation: number;
  /** Until when (performance.now()) the last take or renewal vouches for it: when it was asked + the lease. */
  validUntil: number;
};

export type LeaseKeeperOptions = {
  pool: pg.Pool;
  workerId: string;
  timings: LeaseTimings;
  /** Channels LISTENed to on the lease session, besides the leases' own. */
  channels: readonly string[];
  /** A notification heard on the lease session (the leases' own channel included). */
  onNotification(channel: string, payload: string | undefined): void;
  /** A lease is lost (another worker took it, or it ran out before a renewal): stop using it, then release it. */
  onLeaseLost(whatsappId: number): void;
  /** The lease session broke: the presence lock is gone, so every lease may be taken already. */
  onSessionLost(): Promise<void>;
  /** A watched worker is gone: its leases are free. */
  onWorkerGone(): void;
  log(message: string): void;
};

export type LeaseKeeper = {
  readonly workerId: string;
  /** The lease session, opened on first use and after a loss. */
  session(): Promise<LeaseSession>;
  /** The session open now, if any. */
  current(): LeaseSession | null;
  /** Takes the connection's lease when it is free; null when another worker holds it. */
  take(whatsappId: number): Promise<Lease | null>;
  /** Whether the lease still has the send guard to run, by this worker's clock. */
  valid(lease: Lease): boolean;
  /** Stops renewing the lease at once, runs `before` (its users stop), then gives it back. */
  release(lease: Lease, before?: () => Promise<void>): Promise<void>;
  /** Renews the leases held now; reports those lost. Runs every heartbeatMs on its own. */
  heartbeat(): Promise<void>;
  /** Watches the next live worker in the ring (presence-key order) for its end. */
  watchRing(): Promise<void>;
  /** After a failure: when the lease session no longer answers, it is given up as lost. */
  checkSession(err: unknown): Promise<void>;
  /** Stops the heartbeat and the watcher, leaves the workers' table and closes the session (the presence lock). */
  stop(): Promise<void>;
};

/** The lease timings: the defaults, or, with a shorter lifetime, a heartbeat and a guard scaled to it. */
export function leaseTimings(given: Partial<LeaseTimings> = {}): LeaseTimings {
  const ttlMs = given.ttlMs ?? DEFAULT_LEASE_TIMINGS.ttlMs;
  const scaled = (d: number) => Math.min(d, Math.floor((ttlMs * d) / DEFAULT_LEASE_TIMINGS.ttlMs));
  const t = {
    ttlMs,
    heartbeatMs: given.heartbeatMs ?? scaled(DEFAULT_LEASE_TIMINGS.heartbeatMs),
    sendGuardMs: given.sendGuardMs ?? scaled(DEFAULT_LEASE_TIMINGS.sendGuardMs),
  };
  // Two heartbeats may be missed (a slow database) before a healthy worker's lease runs out.
  if (t.heartbeatMs * 3 > t.ttlMs) throw new Error("the lease must outlive three heartbeats");
  return t;
}

/** The watcher's connection: blocked on the presence lock of the next worker in the ring until that one goes. */
type Watcher = { client: pg.PoolClient; pid: number; target: number | null; waiting: boolean };

export function startLeaseKeeper(o: LeaseKeeperOptions): LeaseKeeper {
  const { pool, workerId, timings, log } = o;
  const leases = new Map<number, Lease>();
  let session: LeaseSession | null = null;
  let opening: Promise<LeaseSession> | null = null;
  let stopping = false;
  let watcher: Watcher | null = null;
  let watching = false;
  /** The presence key the watcher should wait on (the next live worker's, in key order), from the last look. */
  let ringTarget: number | null = null;
  let ringChanged: (() => void) | null = null;

  async function openSession(): Promise<LeaseSession> {
    const s = await openLeaseSession(pool, workerId, timings.ttlMs);
    s.client.on("error", (err) => void lost(s, err));
    s.client.on("notification", (n) => o.onNotification(n.channel, n.payload));
    for (const channel of [...o.channels, LEASES_CHANNEL]) await s.query(`LISTEN ${channel}`);
    // A worker joined: the others rebalance (and re-form the watch ring) now, not at their next poll.
    await s.query("SELECT pg_notify($1, 'joined')", [LEASES_CHANNEL]);
    session = s;
    return s;
  }

  async function lost(s: LeaseSession, err: unknown): Promise<void> {
    if (session !== s) return;
    session = null;
    log(`lease session lost: ${(err as Error)?.message ?? err}`);
    s.client.release(true);
    await o.onSessionLost();
  }

  /** Whether the lease session still answers; a broken one means our presence lock is gone. */
  async function sessionAlive(s: LeaseSession): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<boolean>((r) => {
      timer = setTimeout(() => r(false), 5000);
    });
    const ping = s.query("SELECT 1").then(
      () => true,
      () => false,
    );
    const alive = await Promise.race([ping, timeout]);
    clearTimeout(timer);
    return alive;
  }

  async function heartbeat(): Promise<void> {
    if (stopping || !session) return;
    const asked = performance.now();
    const list = [...leases.values()].map(({ whatsappId, generation }) => ({ whatsappId, generation }));
    try {
      const renewed = await renew(pool, workerId, list, timings.ttlMs);
      for (const { whatsappId, generation } of list) {
        const l = leases.get(whatsappId);
        if (!l || l.generation !== generation) continue;
        if (renewed.has(whatsappId)) l.validUntil = Math.max(l.validUntil, asked + timings.ttlMs);
        else {
          log(`connection ${whatsappId}: lease lost (taken by another worker)`);
          o.onLeaseLost(whatsappId);
        }
      }
    } catch (err) {
      log(`heartbeat failed: ${(err as Error).message}`);
    }
    const now = performance.now();
    for (const [id, l] of leases) {
      if (now >= l.validUntil - timings.sendGuardMs) {
        log(`connection ${id}: lease lost (ran out before it could be renewed)`);
        o.onLeaseLost(id);
      }
    }
  }

  /** The next live worker after us in presence-key order (wrapping), whose end the watcher waits for. */
  function setRing(keys: number[], mine: number): void {
    const others = keys.filter((k) => k !== mine);
    const next = others.find((k) => k > mine) ?? others[0] ?? null;
    if (next === ringTarget) return;
    ringTarget = next;
    const w = watcher;
    if (w?.waiting && w.target !== next) {
      pool.query("SELECT pg_cancel_backend($1)", [w.pid]).catch(() => {});
    }
    ringChanged?.();
  }

  /**
   * Waits on the watched worker's presence lock: granted the moment its session ends (a crash, a machine cut
   * off once PostgreSQL notices, a stop), then tells every worker to look at the leases.
   */
  async function watch(): Promise<void> {
    const client = await pool.connect();
    // A broken connection fails the waiting query (handled below); this only keeps the error from going unheard.
    client.on("error", () => {});
    const { rows } = await client.query<{ pid: number }>("SELECT pg_backend_pid() AS pid");
    const w: Watcher = { client, pid: rows[0]!.pid, target: null, waiting: false };
    if (stopping) {
      client.release(true);
      return;
    }
    watcher = w;
    while (!stopping) {
      const target = ringTarget;
      if (target === null) {
        await new Promise<void>((resolve) => {
          ringChanged = resolve;
        });
        ringChanged = null;
        continue;
      }
      w.target = target;
      try {
        w.waiting = true;
        await client.query("SELECT pg_advisory_lock($1, $2)", [WORKER_LOCKS, target]);
        w.waiting = false;
        await client.query("SELECT pg_advisory_unlock($1, $2)", [WORKER_LOCKS, target]);
        if (stopping) break;
        if (ringTarget === target) ringTarget = null;
        await client.query("SELECT pg_notify($1, 'gone')", [LEASES_CHANNEL]);
        o.onWorkerGone();
      } catch (err) {
        w.waiting = false;
        if (stopping) break;
        // Cancelled because the ring changed, or the connection failed: hold nothing of another worker's.
        if ((err as { code?: string }).code !== "57014") {
          log(`lease watcher: ${(err as Error).message}`);
          w.client.release(true);
          watcher = null;
          watching = false;
          return;
        }
        await client.query("SELECT pg_advisory_unlock_all()").catch(() => {});
      }
    }
  }

  function ensureSession(): Promise<LeaseSession> {
    if (session) return Promise.resolve(session);
    opening ??= openSession().finally(() => {
      opening = null;
    });
    return opening;
  }

  const beat = setInterval(() => void heartbeat(), timings.heartbeatMs);

  return {
    workerId,
    session: ensureSession,
    current: () => session,
    async take(whatsappId) {
      const s = await ensureSession();
      const asked = performance.now();
      const generation = await tryTake(pool, whatsappId, workerId, s.presenceKey, timings.ttlMs);
      if (generation === null) return null;
      const lease = { whatsappId, workerId, generation, validUntil: asked + timings.ttlMs };
      leases.set(whatsappId, lease);
      return lease;
    },
    valid: (lease) => performance.now() < lease.validUntil - timings.sendGuardMs,
    async release(lease, before) {
      if (leases.get(lease.whatsappId) === lease) leases.delete(lease.whatsappId);
      await before?.();
      await giveBack(pool, lease.whatsappId, lease).catch(() => {});
    },
    heartbeat,
    async watchRing() {
      const s = session;
      if (!s || stopping) return;
      if (!watching) {
        watching = true;
        void watch().catch((err) => {
          watching = false;
          log(`lease watcher: ${(err as Error).message}`);
        });
      }
      setRing(await presenceKeys(pool), s.presenceKey);
    },
    async checkSession(err) {
      const s = session;
      if (s && !(await sessionAlive(s))) await lost(s, err);
    },
    async stop() {
      stopping = true;
      clearInterval(beat);
      ringChanged?.();
      const w = watcher;
      watcher = null;
      // The watcher may be blocked on another worker's lock: ending its connection ends the wait.
      w?.client.release(true);
      const s = session;
      session = null;
      await pool.query("DELETE FROM channel_workers WHERE worker_id = $1", [workerId]).catch(() => {});
      // Closing the lease session frees the presence lock: the watching worker looks at the leases at once.
      s?.client.release(true);
    },
  };
}
