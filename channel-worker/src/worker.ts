// The channel worker: takes leases on connections (a fair share of them when
// several workers run), runs an adapter and an outbound sender per connection
// it holds, and wakes them on NOTIFY chatflow_outbound and on a periodic poll. It also runs the timed jobs.
import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import path from "node:path";
import { OUTBOUND_CHANNEL } from "@chatflow/core/contract/topics.ts";
import { openDb } from "@chatflow/core/db/orm.ts";
import { IngestBatcher } from "@chatflow/core/messages/ingest.ts";
import type { AdapterFactory, Channel, ChannelAdapter, ChannelConnection } from "./adapters/adapter.ts";
import { DEFAULT_GRAPH_API, whatsappCloudAdapter } from "./adapters/whatsapp-cloud.ts";
import { startTimedJobs } from "./jobs/timed-jobs.ts";
import { type Backoff, type ConnectionSender, startConnectionSender } from "./outbound/connection-sender.ts";
import { type LeaseSession, liveWorkers, openLeaseSession, release, tryAcquire } from "./outbound/leases.ts";
import { recoverConnection } from "./outbound/outbound-store.ts";

export type WorkerOptions = {
  databaseUrl: string;
  /** Graph API base URL (GRAPH_API_URL); defaults to https://graph.facebook.com. */
  graphApiUrl?: string;
  graphApiVersion?: string;
  /** Core's DATA_DIR, where media messages' files are (DATA_DIR); ".data" from the working directory by default. */
  dataDir?: string;
  /** Unique per process; names who claimed a message (messages.claimed_by). */
  workerId?: string;
  /** How often connections are rebalanced and every sender is woken, in ms. */
  pollMs?: number;
  backoff?: Backoff;
  batchSize?: number;
  sendTimeoutMs?: number;
  /** How often each timed job runs, in ms (CHATFLOW_JOB_INTERVAL_MS); a minute by default. */
  jobIntervalMs?: number;
  /** Idle hours before open and pending tickets close (TICKETS_AUTO_CLOSE_HOURS); 24 by default, 0 = never. */
  ticketsAutoCloseHours?: number;
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

type Held = { fingerprint: string; adapter: ChannelAdapter; sender: ConnectionSender };

/** Channels with an adapter; the others are left to the workers that will have one. */
const SERVED: Channel[] = ["whatsappapi"];

export async function startWorker(opts: WorkerOptions): Promise<Worker> {
  const workerId = opts.workerId ?? `${hostname()}-${process.pid}-${randomBytes(3).toString("hex")}`;
  const log = opts.log ?? ((m: string) => console.log(`[channel-worker ${workerId}] ${m}`));
  const pollMs = opts.pollMs ?? 5000;
  const db = await openDb(opts.databaseUrl, { poolSize: 8 });
  const batcher = new IngestBatcher(db.pool);
  const graph = {
    ...DEFAULT_GRAPH_API,
    url: opts.graphApiUrl ?? DEFAULT_GRAPH_API.url,
    version: opts.graphApiVersion ?? DEFAULT_GRAPH_API.version,
    timeoutMs: opts.sendTimeoutMs ?? DEFAULT_GRAPH_API.timeoutMs,
  };
  // Resolved as core resolves it, so both read the same files when started from the same place.
  const dataDir = path.resolve(opts.dataDir ?? ".data");
  const factories: Partial<Record<Channel, AdapterFactory>> = {
    whatsappapi: (connection, events) => whatsappCloudAdapter(connection, events, graph, { dataDir }),
  };

  const held = new Map<number, Held>();
  /** Connections whose sender is still finishing: not taken again before that, or recovery would judge its send. */
  const dropping = new Map<number, Promise<void>>();
  let session: LeaseSession | null = null;
  let stopping = false;
  let ticking: Promise<void> = Promise.resolve();
  let tickQueued = false;

  const fingerprint = (c: ChannelConnection) => JSON.stringify([c.channel, c.phoneNumberId, c.accessToken, c.token]);

  async function loadConnections(): Promise<ChannelConnection[]> {
    const { rows } = await db.pool.query<ChannelConnection>(
      `SELECT /* all-companies: the worker serves every company's connections */
         id, company_id AS "companyId", name, channel, phone_number_id AS "phoneNumberId",
         access_token AS "accessToken", token FROM whatsapps
       WHERE channel = ANY($1::text[]) AND (channel <> 'whatsappapi' OR (phone_number_id IS NOT NULL AND access_token IS NOT NULL))
       ORDER BY id`,
      [SERVED],
    );
    return rows;
  }

  async function openSession(): Promise<LeaseSession> {
    const s = await openLeaseSession(db.pool);
    s.client.on("error", (err) => void leaseLost(s, err));
    s.client.on("notification", (n) => {
      const h = held.get(Number(n.payload));
      if (h) h.sender.wake();
      else scheduleTick(); // a connection we do not hold yet may now have work
    });
    await s.query(`LISTEN ${OUTBOUND_CHANNEL}`);
    return s;
  }

  /** The lease session broke: its locks are gone, so every sender must stop before we take any again. */
  async function leaseLost(s: LeaseSession, err: unknown): Promise<void> {
    if (session !== s) return;
    session = null;
    log(`lease session lost: ${(err as Error)?.message ?? err}`);
    s.client.release(true);
    await Promise.all([...held.keys()].map((id) => drop(id)));
  }

  async function take(s: LeaseSession, connection: ChannelConnection): Promise<void> {
    if (!(await tryAcquire(s, connection.id))) return;
    try {
      const recovered = await recoverConnection(db.pool, connection);
      if (recovered.requeued + recovered.inDoubt > 0) {
        log(
          `took connection ${connection.id}: ${recovered.requeued} requeued, ${recovered.inDoubt} in doubt marked failed`,
        );
      }
      const owner = { workerId, leasePid: s.pid, companyId: connection.companyId };
      let sender: ConnectionSender | undefined;
      const adapter = factories[connection.channel]!(connection, {
        onInbound: (events) => batcher.add(events),
        onStatus: (status, detail) => {
          log(`connection ${connection.id} ${status}${detail?.error ? `: ${detail.error}` : ""}`);
          if (status === "CONNECTED") sender?.reconnected();
        },
      });
      await adapter.start();
      sender = startConnectionSender({
        pool: db.pool,
        whatsappId: connection.id,
        owner,
        adapter,
        batchSize: opts.batchSize ?? 20,
        backoff: opts.backoff ?? { minMs: 1000, maxMs: 60_000 },
        afterClaim: opts.fault === "exit-after-claim" ? () => process.kill(process.pid, "SIGKILL") : undefined,
        onLeaseLost: () => void drop(connection.id),
        log,
      });
      held.set(connection.id, { fingerprint: fingerprint(connection), adapter, sender });
    } catch (err) {
      log(`could not start connection ${connection.id}: ${(err as Error).message}`);
      await release(s, connection.id).catch(() => {});
    }
  }

  /** Stops a connection's sender and adapter, then gives its lease back. */
  function drop(id: number): Promise<void> {
    const h = held.get(id);
    if (!h) return dropping.get(id) ?? Promise.resolve();
    held.delete(id);
    const s = session;
    const done = (async () => {
      await h.sender.stop();
      await h.adapter.stop().catch((err) => log(`connection ${id} stop: ${(err as Error).message}`));
      if (s && s === session) await release(s, id).catch(() => {});
    })().finally(() => dropping.delete(id));
    dropping.set(id, done);
    return done;
  }

  /** Whether the lease session still answers; a broken one means our locks are gone. */
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

  async function tick(): Promise<void> {
    if (stopping) return;
    session ??= await openSession();
    const s = session;
    const connections = await loadConnections();
    const byId = new Map(connections.map((c) => [c.id, c]));
    // Let go of deleted or reconfigured connections (taken again below, with the new settings).
    for (const [id, h] of held) {
      const c = byId.get(id);
      if (!c || fingerprint(c) !== h.fingerprint) await drop(id);
    }
    const share = Math.ceil(connections.length / (await liveWorkers(s)));
    // Over the fair share (another worker joined): hand the newest ones over gracefully.
    for (const id of [...held.keys()].sort((a, b) => b - a).slice(0, Math.max(0, held.size - share))) {
      await drop(id);
    }
    for (const c of connections) {
      if (held.size >= share || stopping || session !== s) break;
      if (!held.has(c.id) && !dropping.has(c.id)) await take(s, c);
    }
    for (const h of held.values()) h.sender.wake();
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

  const timer = setInterval(scheduleTick, pollMs);
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

  return {
    workerId,
    owned: () => [...held.keys()].sort((a, b) => a - b),
    async drained() {
      await Promise.all([...held.values()].map((h) => h.sender.drained()));
    },
    async stop() {
      stopping = true;
      clearInterval(timer);
      await ticking;
      await Promise.all([jobs.stop(), ...[...held.keys()].map((id) => drop(id)), ...dropping.values()]);
      const s = session;
      session = null;
      // Closing the lease session frees its locks; the presence lock goes with it.
      s?.client.release(true);
      await db.close();
    },
  };
}
