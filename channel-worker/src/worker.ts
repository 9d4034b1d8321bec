// The channel worker: takes leases on connections (a fair share of them when several workers run; decision
// 0042), renews them by a heartbeat, runs an adapter and an outbound sender per connection it holds, and wakes
// them on NOTIFY chatflow_outbound and on a periodic poll. A lease given back, a worker gone (its presence lock
// freed: the worker it watches in a ring) or a lease expiring makes it look at the leases at once. It also
// runs the timed jobs.
import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import {
  CONNECTION_SESSION_CHANNEL,
  type ConnectionSessionRequest,
  OUTBOUND_CHANNEL,
} from "@chatflow/core/contract/topics.ts";
import { openDb } from "@chatflow/core/db/orm.ts";
import { IngestBatcher } from "@chatflow/core/messages/ingest.ts";
import type pg from "pg";
import type { AdapterFactory, Channel, ChannelAdapter, ChannelConnection } from "./adapters/adapter.ts";
import { messengerAdapter } from "./adapters/messenger.ts";
import { type SocketFactory, whatsappBaileysAdapter } from "./adapters/whatsapp-baileys.ts";
import { DEFAULT_GRAPH_API, whatsappCloudAdapter } from "./adapters/whatsapp-cloud.ts";
import { startTimedJobs } from "./jobs/timed-jobs.ts";
import { type Backoff, type ConnectionSender, startConnectionSender } from "./outbound/connection-sender.ts";
import {
  DEFAULT_LEASE_TIMINGS,
  giveBack,
  LEASES_CHANNEL,
  type LeaseSession,
  type LeaseTimings,
  liveWorkers,
  nextForeignExpiry,
  openLeaseSession,
  presenceKeys,
  renew,
  tryTake,
  WORKER_LOCKS,
} from "./outbound/leases.ts";
import { recoverConnection } from "./outbound/outbound-store.ts";

export type WorkerOptions = {
  databaseUrl: string;
  /** Graph API base URL (GRAPH_API_URL); defaults to https://graph.facebook.com. */
  graphApiUrl?: string;
  graphApiVersion?: string;
  /** Core's DATA_DIR, where media messages' files are (DATA_DIR); ".data" from the working directory by default. */
  dataDir?: string;
  /** Unique per process; names who claimed a message (messages.claimed_by) and who holds a lease. */
  workerId?: string;
  /** How often connections are rebalanced and every sender is woken, in ms. */
  pollMs?: number;
  /** Lease lifetime, heartbeat and send guard (CHATFLOW_LEASE_TTL_MS, CHATFLOW_HEARTBEAT_MS); decision 0042. */
  lease?: Partial<LeaseTimings>;
  backoff?: Backoff;
  batchSize?: number;
  sendTimeoutMs?: number;
  /** How often each timed job runs, in ms (CHATFLOW_JOB_INTERVAL_MS); a minute by default. */
  jobIntervalMs?: number;
  /** Idle hours before open and pending tickets close (TICKETS_AUTO_CLOSE_HOURS); 24 by default, 0 = never. */
  ticketsAutoCloseHours?: number;
  /** Baileys sockets (tests hand in a stand-in; Baileys' own socket by default). */
  baileysSocket?: SocketFactory;
  /** The channels this worker serves; every channel with an adapter by default (tests leave Baileys out). */
  channels?: readonly Channel[];
  /** Tests only: "exit-after-claim" kills this process right after a claim commits. */
  fault?: "exit-after-claim";
  log?: (message: string) => void;
};

export type Worker = {
  workerId: string;
  /** Ids of the connections this worker holds now. */
  owned(): number[];
  /** Resolves once every connection this worker holds ran a claim round, begun after the call, that found nothing. */
  drained(): Promise<void>;
  stop(): Promise<void>;
};

type Held = {
  fingerprint: string;
  companyId: number;
  adapter: ChannelAdapter;
  sender: ConnectionSender;
  generation: number;
  /** Until when (performance.now()) the last take or renewal vouches for the lease: when it was asked + the lease. */
  deadline: { validUntil: number };
};

/** Channels with an adapter; the others are left to the workers that will have one. */
const SERVED: Channel[] = ["whatsappapi", "whatsapp", "facebook", "instagram"];

/** A session request's payload, or null when it is not one. */
function parseSessionRequest(payload: string | undefined): ConnectionSessionRequest | null {
  try {
    const r = JSON.parse(payload ?? "") as Partial<ConnectionSessionRequest>;
    if (!Number.isInteger(r.whatsappId) || !Number.isInteger(r.companyId)) return null;
    if (!["start", "new-qr", "logout", "restart"].includes(r.action as string)) return null;
    return r as ConnectionSessionRequest;
  } catch {
    return null;
  }
}

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

/** The database URL with a session setting added to its startup options (every connection of the pool gets it). */
function withSessionSetting(databaseUrl: string, name: string, value: number): string {
  const url = new URL(databaseUrl);
  const options = url.searchParams.get("options");
  url.searchParams.set("options", `${options ? `${options} ` : ""}-c ${name}=${value}`);
  return url.toString();
}

/** The watcher's connection: blocked on the presence lock of the next worker in the ring until that one goes. */
type Watcher = { client: pg.PoolClient; pid: number; target: number | null; waiting: boolean };

export async function startWorker(opts: WorkerOptions): Promise<Worker> {
  const workerId = opts.workerId ?? `${hostname()}-${process.pid}-${randomBytes(3).toString("hex")}`;
  const log = opts.log ?? ((m: string) => console.log(`[channel-worker ${workerId}] ${m}`));
  const pollMs = opts.pollMs ?? 5000;
  const timings = leaseTimings(opts.lease);
  // A worker frozen inside a transaction (a claim holds its rows and the lease row FOR SHARE) would block the
  // takeover of its expired lease for as long as its connection lives: PostgreSQL ends such a session instead.
  const idleInTransactionMs = Math.max(1000, Math.floor(timings.ttlMs / 4));
  const db = await openDb(
    withSessionSetting(opts.databaseUrl, "idle_in_transaction_session_timeout", idleInTransactionMs),
    {
      poolSize: 8,
    },
  );
  const batcher = new IngestBatcher(db.pool);
  const graph = {
    ...DEFAULT_GRAPH_API,
    url: opts.graphApiUrl ?? DEFAULT_GRAPH_API.url,
    version: opts.graphApiVersion ?? DEFAULT_GRAPH_API.version,
    timeoutMs: opts.sendTimeoutMs ?? DEFAULT_GRAPH_API.timeoutMs,
  };
  // Resolved as core resolves it, so both read the same files when started from the same place.
  const dataDir = path.resolve(opts.dataDir ?? ".data");
  type LeasedFactory = (
    ...args: [...Parameters<AdapterFactory>, lease: { workerId: string; generation: number }]
  ) => ReturnType<AdapterFactory>;
  const factories: Partial<Record<Channel, LeasedFactory>> = {
    whatsappapi: (connection, events) => whatsappCloudAdapter(connection, events, graph, { dataDir }),
    facebook: (connection, events) => messengerAdapter(connection, events, graph, { dataDir }),
    instagram: (connection, events) => messengerAdapter(connection, events, graph, { dataDir }),
    whatsapp: (connection, events, lease) =>
      whatsappBaileysAdapter(connection, events, {
        pool: db.pool,
        lease,
        dataDir,
        makeSocket: opts.baileysSocket,
        log,
      }),
  };

  const served = (opts.channels ?? SERVED).filter((c) => SERVED.includes(c));
  const held = new Map<number, Held>();
  /** Connections whose sender is still finishing: not taken again before that, or recovery would judge its send. */
  const dropping = new Map<number, Promise<void>>();
  /**
   * Takes under way (lease asked, adapter starting): a session request that arrives meanwhile waits for it, or it
   * would find the connection neither held nor free and be lost; a second take of the same connection joins it.
   */
  const taking = new Map<number, Promise<void>>();
  let session: LeaseSession | null = null;
  let stopping = false;
  let ticking: Promise<void> = Promise.resolve();
  let tickQueued = false;
  let expiryTimer: NodeJS.Timeout | undefined;
  let watcher: Watcher | null = null;
  let watching = false;
  /** The presence key the watcher should wait on (the next live worker's, in key order), from the last tick. */
  let ringTarget: number | null = null;
  let ringChanged: (() => void) | null = null;

  const fingerprint = (c: ChannelConnection) =>
    JSON.stringify([c.channel, c.phoneNumberId, c.accessToken, c.token, c.pageId]);

  async function loadConnections(): Promise<ChannelConnection[]> {
    const { rows } = await db.pool.query<ChannelConnection>(
      `SELECT /* all-companies: the worker serves every company's connections */
         id, company_id AS "companyId", name, channel, phone_number_id AS "phoneNumberId",
         access_token AS "accessToken", token, page_id AS "pageId" FROM whatsapps
       WHERE channel = ANY($1::text[]) AND (channel <> 'whatsappapi' OR (phone_number_id IS NOT NULL AND access_token IS NOT NULL))
         AND (channel NOT IN ('facebook', 'instagram') OR (page_id IS NOT NULL AND access_token IS NOT NULL))
       ORDER BY id`,
      [served],
    );
    return rows;
  }

  async function openSession(): Promise<LeaseSession> {
    const s = await openLeaseSession(db.pool, workerId, timings.ttlMs);
    s.client.on("error", (err) => void leaseLost(s, err));
    s.client.on("notification", (n) => {
      if (n.channel === LEASES_CHANNEL) return scheduleTick();
      if (n.channel === CONNECTION_SESSION_CHANNEL) return void sessionRequest(s, parseSessionRequest(n.payload));
      const h = held.get(Number(n.payload));
      if (h) h.sender.wake();
      else scheduleTick(); // a connection we do not hold yet may now have work
    });
    await s.query(`LISTEN ${OUTBOUND_CHANNEL}`);
    await s.query(`LISTEN ${LEASES_CHANNEL}`);
    await s.query(`LISTEN ${CONNECTION_SESSION_CHANNEL}`);
    // A worker joined: the others rebalance (and re-form the watch ring) now, not at their next poll.
    await s.query("SELECT pg_notify($1, 'joined')", [LEASES_CHANNEL]);
    return s;
  }

  /**
   * An admin's request on a session: acted on by the worker holding the connection; a start for a connection
   * nobody holds makes this worker take its lease if it is free (every worker hears it; one wins the take).
   */
  async function sessionRequest(s: LeaseSession, r: ConnectionSessionRequest | null): Promise<void> {
    if (!r || stopping) return;
    try {
      await taking.get(r.whatsappId);
      let h = held.get(r.whatsappId);
      if (!h && r.action === "start") {
        const c = (await loadConnections()).find((x) => x.id === r.whatsappId && x.companyId === r.companyId);
        if (c && !dropping.has(c.id)) await take(s, c);
        h = held.get(r.whatsappId);
      }
      if (!h || h.companyId !== r.companyId || !h.adapter.request) return;
      await h.adapter.request(r.action, r.pairingPhoneNumber);
    } catch (err) {
      log(`connection ${r.whatsappId} ${r.action}: ${(err as Error).message}`);
    }
  }

  /** The lease session broke: the presence lock is gone, so every lease may be taken; stop every sender. */
  async function leaseLost(s: LeaseSession, err: unknown): Promise<void> {
    if (session !== s) return;
    session = null;
    log(`lease session lost: ${(err as Error)?.message ?? err}`);
    s.client.release(true);
    await Promise.all([...held.keys()].map((id) => drop(id)));
  }

  function take(s: LeaseSession, connection: ChannelConnection): Promise<void> {
    const under = taking.get(connection.id);
    if (under) return under;
    const done = takeNow(s, connection).finally(() => taking.delete(connection.id));
    taking.set(connection.id, done);
    return done;
  }

  async function takeNow(s: LeaseSession, connection: ChannelConnection): Promise<void> {
    const asked = performance.now();
    const generation = await tryTake(db.pool, connection.id, workerId, s.presenceKey, timings.ttlMs);
    if (generation === null) return;
    const lease = { workerId, generation };
    try {
      const recovered = await recoverConnection(db.pool, connection);
      if (recovered.requeued + recovered.inDoubt > 0) {
        log(
          `took connection ${connection.id}: ${recovered.requeued} requeued, ${recovered.inDoubt} in doubt marked failed`,
        );
      }
      const owner = { ...lease, guardMs: timings.sendGuardMs, companyId: connection.companyId };
      let sender: ConnectionSender | undefined;
      const adapter = factories[connection.channel]!(
        connection,
        {
          onInbound: (events) => batcher.add(events),
          onStatus: (status, detail) => {
            log(`connection ${connection.id} ${status}${detail?.error ? `: ${detail.error}` : ""}`);
            if (status === "CONNECTED") sender?.reconnected();
          },
        },
        lease,
      );
      await adapter.start();
      // Renewals move the deadline forward; the sender reads it before each request.
      const deadline = { validUntil: asked + timings.ttlMs };
      sender = startConnectionSender({
        pool: db.pool,
        whatsappId: connection.id,
        owner,
        adapter,
        batchSize: opts.batchSize ?? 20,
        backoff: opts.backoff ?? { minMs: 1000, maxMs: 60_000 },
        afterClaim: opts.fault === "exit-after-claim" ? () => process.kill(process.pid, "SIGKILL") : undefined,
        leaseValid: () => performance.now() < deadline.validUntil - timings.sendGuardMs,
        onLeaseLost: () => {
          log(`connection ${connection.id}: lease lost (refused by the lease check), stopped sending`);
          void drop(connection.id);
        },
        log,
      });
      held.set(connection.id, {
        fingerprint: fingerprint(connection),
        companyId: connection.companyId,
        adapter,
        sender,
        generation,
        deadline,
      });
    } catch (err) {
      log(`could not start connection ${connection.id}: ${(err as Error).message}`);
      await giveBack(db.pool, connection.id, lease).catch(() => {});
    }
  }

  /** Stops a connection's sender and adapter, then gives its lease back (a no-op once another took it). */
  function drop(id: number): Promise<void> {
    const h = held.get(id);
    if (!h) return dropping.get(id) ?? Promise.resolve();
    held.delete(id);
    const done = (async () => {
      await h.sender.stop();
      await h.adapter.stop().catch((err) => log(`connection ${id} stop: ${(err as Error).message}`));
      await giveBack(db.pool, id, { workerId, generation: h.generation }).catch(() => {});
    })().finally(() => dropping.delete(id));
    dropping.set(id, done);
    return done;
  }

  /** Renews this worker's leases; drops those another worker took, and those our clock says ran out. */
  async function heartbeat(): Promise<void> {
    if (stopping || !session) return;
    const asked = performance.now();
    const list = [...held.entries()].map(([whatsappId, h]) => ({ whatsappId, generation: h.generation }));
    try {
      const renewed = await renew(db.pool, workerId, list, timings.ttlMs);
      for (const { whatsappId, generation } of list) {
        const h = held.get(whatsappId);
        if (!h || h.generation !== generation) continue;
        if (renewed.has(whatsappId)) h.deadline.validUntil = Math.max(h.deadline.validUntil, asked + timings.ttlMs);
        else {
          log(`connection ${whatsappId}: lease lost (taken by another worker)`);
          void drop(whatsappId);
        }
      }
    } catch (err) {
      log(`heartbeat failed: ${(err as Error).message}`);
    }
    const now = performance.now();
    for (const [id, h] of held) {
      if (now >= h.deadline.validUntil - timings.sendGuardMs) {
        log(`connection ${id}: lease lost (ran out before it could be renewed)`);
        void drop(id);
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
      db.pool.query("SELECT pg_cancel_backend($1)", [w.pid]).catch(() => {});
    }
    ringChanged?.();
  }

  /**
   * Waits on the watched worker's presence lock: granted the moment its session ends (a crash, a machine cut
   * off once PostgreSQL notices, a stop), then tells every worker to look at the leases.
   */
  async function watch(): Promise<void> {
    const client = await db.pool.connect();
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
        scheduleTick();
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

  async function tick(): Promise<void> {
    if (stopping) return;
    session ??= await openSession();
    const s = session;
    if (!watching) {
      watching = true;
      void watch().catch((err) => {
        watching = false;
        log(`lease watcher: ${(err as Error).message}`);
      });
    }
    const connections = await loadConnections();
    const byId = new Map(connections.map((c) => [c.id, c]));
    // Let go of deleted or reconfigured connections (taken again below, with the new settings).
    for (const [id, h] of held) {
      const c = byId.get(id);
      if (!c || fingerprint(c) !== h.fingerprint) await drop(id);
    }
    setRing(await presenceKeys(db.pool), s.presenceKey);
    const share = Math.ceil(connections.length / (await liveWorkers(db.pool)));
    // Over the fair share (another worker joined): hand the newest ones over gracefully.
    for (const id of [...held.keys()].sort((a, b) => b - a).slice(0, Math.max(0, held.size - share))) {
      await drop(id);
    }
    for (const c of connections) {
      if (held.size >= share || stopping || session !== s) break;
      if (!held.has(c.id) && !dropping.has(c.id)) await take(s, c);
    }
    for (const h of held.values()) h.sender.wake();
    // A lease another worker holds and lets run out (it froze): look again the moment it expires.
    clearTimeout(expiryTimer);
    if (held.size < share) {
      const wanted = connections.filter((c) => !held.has(c.id)).map((c) => c.id);
      const ms = await nextForeignExpiry(db.pool, workerId, wanted);
      if (ms !== null && ms < pollMs) expiryTimer = setTimeout(scheduleTick, Math.max(1, ms));
    }
  }

  function scheduleTick(): void {
    if (tickQueued || stopping) return;
    tickQueued = true;
    ticking = ticking.then(async () => {
      tickQueued = false;
      try {
        await tick();
      } catch (err) {
        log(`tick failed: ${(err as Error).message}`);
        const s = session;
        if (s && !(await sessionAlive(s))) await leaseLost(s, err);
      }
    });
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

  const timer = setInterval(scheduleTick, pollMs);
  const beat = setInterval(() => void heartbeat(), timings.heartbeatMs);
  scheduleTick();
  await ticking;
  const jobs = await startTimedJobs({
    pool: db.pool,
    workerId,
    intervalMs: opts.jobIntervalMs,
    autoCloseHours: opts.ticketsAutoCloseHours,
    log,
  });
  log(`started, holding ${held.size} connection(s)`);
  let stopped: Promise<void> | null = null;

  return {
    workerId,
    owned: () => [...held.keys()].sort((a, b) => a - b),
    async drained() {
      await Promise.all([...held.values()].map((h) => h.sender.drained()));
    },
    stop() {
      stopped ??= stopAll();
      return stopped;
    },
  };

  async function stopAll(): Promise<void> {
    stopping = true;
    clearInterval(timer);
    clearInterval(beat);
    clearTimeout(expiryTimer);
    ringChanged?.();
    await ticking;
    await Promise.all([jobs.stop(), ...[...held.keys()].map((id) => drop(id)), ...dropping.values()]);
    const w = watcher;
    watcher = null;
    // The watcher may be blocked on another worker's lock: ending its connection ends the wait.
    w?.client.release(true);
    const s = session;
    session = null;
    await db.pool.query("DELETE FROM channel_workers WHERE worker_id = $1", [workerId]).catch(() => {});
    // Closing the lease session frees the presence lock: the watching worker looks at the leases at once.
    s?.client.release(true);
    await db.close();
  }
}
