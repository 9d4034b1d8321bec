// The channel worker, wired from its parts: the lease keeper (the connections' leases, decision 0042), the
// connection supervisor (a fair share of the connections, an adapter each, the admins' session requests), the
// outbound senders (one per connection held) and the job runner (the timed jobs).

import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import path from "node:path";
import { openDb } from "@chatflow/core/db/orm.ts";
import type { PoolSettings } from "@chatflow/core/kernel/config.ts";
import { type HealthAnswer, type HealthState, healthProbe } from "@chatflow/core/kernel/health.ts";
import { logger } from "@chatflow/core/kernel/logger.ts";
import { mediaStore } from "@chatflow/core/media/store-registry.ts";
import { IngestBatcher } from "@chatflow/core/messages/ingest.ts";
import { DEFAULT_GRAPH_API } from "@chatflow/core/meta/graph-api.ts";
import type { Registry } from "prom-client";
import type { Channel } from "./adapters/adapter.ts";
import type { NumberCheckPace } from "./adapters/baileys-number-check.ts";
import { messengerAdapter } from "./adapters/messenger.ts";
import { type SocketFactory, whatsappBaileysAdapter } from "./adapters/whatsapp-baileys.ts";
import { whatsappCloudAdapter } from "./adapters/whatsapp-cloud.ts";
import {
  type ConnectionSupervisor,
  type LeasedAdapterFactory,
  SUPERVISOR_CHANNELS,
  startConnectionSupervisor,
} from "./connection-supervisor.ts";
import { startJobRunner } from "./job-runner.ts";
import { leaseTimings, startLeaseKeeper } from "./lease-keeper.ts";
import type { Backoff } from "./outbound/connection-sender.ts";
import type { LeaseTimings } from "./outbound/leases.ts";
import { outboundSenders } from "./outbound-senders.ts";
import { workerMetrics } from "./worker-metrics.ts";

export { leaseTimings } from "./lease-keeper.ts";

export type WorkerOptions = {
  databaseUrl: string;
  /** DATABASE_POOL_SIZE (default 8), DATABASE_STATEMENT_TIMEOUT_MS, DATABASE_IDLE_TIMEOUT_MS. */
  pool?: PoolSettings;
  /** Graph API base URL (GRAPH_API_URL); defaults to https://graph.facebook.com. */
  graphApiUrl?: string;
  graphApiVersion?: string;
  /**
   * A Cloud API, Facebook or Instagram connection that made no Graph API call for this long has its token checked
   * again, so a revoked one reads down while idle (GRAPH_TOKEN_CHECK_MINUTES, 15 by default; 0 = only at take-over).
   */
  graphTokenCheckMs?: number;
  /** Core's DATA_DIR, where media messages' files are (DATA_DIR); ".data" from the working directory by default. */
  dataDir?: string;
  /**
   * The EFI Pix API (EFI_PIX_URL, EFI_PIX_CA as core reads them): the payment check asks it about charges EFI cannot
   * notify on an installation without PUBLIC_URL (decision 0104). Production EFI by default.
   */
  efiPix?: { baseUrl?: string; ca?: string };
  /**
   * The payment links' providers (STRIPE_API_URL, MERCADOPAGO_API_URL, ASAAS_API_URL as core reads them): the same
   * check asks them about an invoice's links (decision 0110). Their production addresses by default.
   */
  paymentLinks?: { stripeApiUrl?: string; mercadopagoApiUrl?: string; asaasApiUrl?: string };
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
  /** How fast a WhatsApp-by-QR connection asks WhatsApp about campaign numbers (decision 0120; tests go faster). */
  baileysNumberCheck?: NumberCheckPace;
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
  /** GET /healthz and /readyz on WORKER_HEALTH_PORT (kernel/health.ts); undefined for any other path. */
  health(path: string): Promise<HealthAnswer> | undefined;
  /** Its Prometheus metrics (worker-metrics.ts), served with the probes when METRICS_TOKEN is set. */
  metrics: Registry;
  stop(): Promise<void>;
};

/** Channels with an adapter; the others are left to the workers that will have one. */
const SERVED: Channel[] = ["whatsappapi", "whatsapp", "facebook", "instagram"];

/** The database URL with a session setting added to its startup options (every connection of the pool gets it). */
function withSessionSetting(databaseUrl: string, name: string, value: number): string {
  const url = new URL(databaseUrl);
  const options = url.searchParams.get("options");
  url.searchParams.set("options", `${options ? `${options} ` : ""}-c ${name}=${value}`);
  return url.toString();
}

export async function startWorker(opts: WorkerOptions): Promise<Worker> {
  const workerId = opts.workerId ?? `${hostname()}-${process.pid}-${randomBytes(3).toString("hex")}`;
  const log = opts.log ?? ((m: string) => logger.info({ workerId }, m));
  const timings = leaseTimings(opts.lease);
  // A worker frozen inside a transaction (a claim holds its rows and the lease row FOR SHARE) would block the
  // takeover of its expired lease for as long as its connection lives: PostgreSQL ends such a session instead.
  const idleInTransactionMs = Math.max(1000, Math.floor(timings.ttlMs / 4));
  const db = await openDb(
    withSessionSetting(opts.databaseUrl, "idle_in_transaction_session_timeout", idleInTransactionMs),
    { ...opts.pool, poolSize: opts.pool?.poolSize ?? 8 },
  );
  const batcher = new IngestBatcher(db.pool);
  const graph = {
    ...DEFAULT_GRAPH_API,
    url: opts.graphApiUrl ?? DEFAULT_GRAPH_API.url,
    version: opts.graphApiVersion ?? DEFAULT_GRAPH_API.version,
    timeoutMs: opts.sendTimeoutMs ?? DEFAULT_GRAPH_API.timeoutMs,
    tokenCheckEveryMs: opts.graphTokenCheckMs,
  };
  // Resolved as core resolves it, so both read the same files when started from the same place.
  const dataDir = path.resolve(opts.dataDir ?? ".data");
  // The media store (MEDIA_STORE, S3_ variables) is made now: a wrong setting stops the start, not a first send.
  await mediaStore(dataDir);
  const adapters: Record<Channel, LeasedAdapterFactory> = {
    whatsappapi: (connection, events) => whatsappCloudAdapter(connection, events, graph, { dataDir }),
    facebook: (connection, events) => messengerAdapter(connection, events, graph, { dataDir }),
    instagram: (connection, events) => messengerAdapter(connection, events, graph, { dataDir }),
    whatsapp: (connection, events, lease) =>
      whatsappBaileysAdapter(connection, events, {
        pool: db.pool,
        lease,
        dataDir,
        makeSocket: opts.baileysSocket,
        ...(opts.baileysNumberCheck ? { numberCheck: opts.baileysNumberCheck } : {}),
        log,
      }),
  };
  const served = (opts.channels ?? SERVED).filter((c) => SERVED.includes(c));

  let supervisor: ConnectionSupervisor | null = null;
  const metrics = workerMetrics({ pool: db.pool, owned: () => supervisor?.owned() ?? [] });
  const senders = outboundSenders({
    onOutcome: metrics.sent,
    pool: db.pool,
    batchSize: opts.batchSize,
    backoff: opts.backoff,
    sendGuardMs: timings.sendGuardMs,
    fault: opts.fault,
    log,
  });
  // The keeper and the supervisor call each other (a lease lost stops its connection; a worker gone calls for a
  // look): the supervisor is bound once made (declared above, for the metrics too).
  const keeper = startLeaseKeeper({
    pool: db.pool,
    workerId,
    timings,
    channels: SUPERVISOR_CHANNELS,
    onNotification: (channel, payload) => supervisor?.notified(channel, payload),
    onLeaseLost: (whatsappId) => void supervisor?.drop(whatsappId),
    onSessionLost: async () => {
      await supervisor?.dropAll();
    },
    onWorkerGone: () => supervisor?.look(),
    log,
  });
  supervisor = startConnectionSupervisor({
    pool: db.pool,
    keeper,
    senders,
    factories: Object.fromEntries(served.map((c) => [c, adapters[c]])),
    onInbound: (events) => batcher.add(events),
    pollMs: opts.pollMs ?? 5000,
    log,
  });
  const running = supervisor;
  await running.settled();
  const jobs = await startJobRunner({
    pool: db.pool,
    workerId,
    intervalMs: opts.jobIntervalMs,
    autoCloseHours: opts.ticketsAutoCloseHours,
    payments: { dataDir, ...opts.efiPix, ...opts.paymentLinks },
    log,
  });
  log(`started, holding ${running.owned().length} connection(s)`);
  let stopped: Promise<void> | null = null;

  const healthState: HealthState = { draining: false };
  return {
    workerId,
    owned: running.owned,
    drained: senders.drained,
    health: (path) => healthProbe(path, "channel-worker", db.pool, healthState),
    metrics: metrics.registry,
    stop() {
      healthState.draining = true;
      stopped ??= (async () => {
        await Promise.all([jobs.stop(), running.stop()]);
        await keeper.stop();
        await db.close();
      })();
      return stopped;
    },
  };
}
