// The sync server: Hocuspocus on its own port, authenticating with core's access
// token, keeping documents in PostgreSQL and projecting them into core's tables.

import type { AddressInfo } from "node:net";
import type { Duplex } from "node:stream";
import { createTokens } from "@chatflow/core/auth/tokens.ts";
import { openDb } from "@chatflow/core/db/orm.ts";
import type { PoolSettings } from "@chatflow/core/kernel/config.ts";
import type { HealthState, ReadinessChecks } from "@chatflow/core/kernel/health.ts";
import { logger } from "@chatflow/core/kernel/logger.ts";
import { JWT_SECRET_NAME, storedSecret } from "@chatflow/core/kernel/shared-secrets.ts";
import { Redis } from "@hocuspocus/extension-redis";
import { type Hocuspocus, Server } from "@hocuspocus/server";
import { type AccessWatch, watchAccess } from "./auth/access-watch.ts";
import { authenticateConnection } from "./auth/authenticate-connection.ts";
import { flowPublished } from "./http/flow-published.ts";
import { healthChecks, syncMetrics } from "./http/health.ts";
import { quickMessageWrites } from "./http/quick-message-writes.ts";
import { documentStore } from "./persistence/document-store.ts";

export type SyncServerOptions = {
  databaseUrl: string;
  /** 0 picks a free port (tests). */
  port: number;
  /** REDIS_TLS_CA's PEM: the CA a rediss:// server's certificate is checked against, instead of the system's. */
  redisTlsCa?: string;
  /** DATABASE_POOL_SIZE (default 10), DATABASE_STATEMENT_TIMEOUT_MS, DATABASE_IDLE_TIMEOUT_MS. */
  pool?: PoolSettings;
  /** JWT_SECRET; absent: the installation's, which core stores in the database at its start (decision 0095). */
  jwtSecret?: string;
  /**
   * Interface to bind; loopback when absent: core forwards /collab to it, and a
   * public port would bypass core's origin (decision 0006).
   */
  host?: string;
  /** How often every open connection's rights are read again (a due date passing announces nothing). */
  accessSweepMs?: number;
  /** Quiet time after the last edit before a document is stored (Hocuspocus's debounce). */
  storeDebounceMs?: number;
  /** A document under constant editing is still stored at least this often. */
  storeMaxDebounceMs?: number;
  /**
   * redis://[user:password@]host:port[/db]: instances with the same Redis (and
   * prefix) share open documents and awareness through Hocuspocus's Redis extension.
   */
  redisUrl?: string;
  /** Namespace of the Redis keys and channels (one per deployment; tests use one per run). */
  redisPrefix?: string;
  /** The bearer token a Prometheus scrape of GET /metrics must send (METRICS_TOKEN); absent: no /metrics. */
  metricsToken?: string;
};

export type SyncServer = {
  /** ws:// address the providers connect to. */
  url: string;
  port: number;
  /** Where it listens (loopback unless configured otherwise). */
  address: AddressInfo;
  /** Stores every pending document, closes the connections and the database. */
  stop(): Promise<void>;
};

export const DEFAULT_SYNC_HOST = "127.0.0.1";
const DEFAULT_ACCESS_SWEEP_MS = 60_000;

// Only verify() is used here; the lifetime matters to the signer (core) alone.
const UNUSED_TTL_SECONDS = 900;
// A store that keeps failing holds its document in memory (Hocuspocus avoids data
// loss that way); shutdown waits this long for it, then goes on.
const STOP_DEADLINE_MS = 10_000;

export async function startSyncServer(opts: SyncServerOptions): Promise<SyncServer> {
  const db = await openDb(opts.databaseUrl, opts.pool);
  const tokens = createTokens(opts.jwtSecret ?? (await installationTokenSecret(db.pool)), UNUSED_TTL_SECONDS);
  const host = opts.host ?? DEFAULT_SYNC_HOST;
  let access: AccessWatch | undefined;
  const health: HealthState = { draining: false };
  const redis = redisExtension(opts);
  // Bound once the server exists: its gauges read what it holds open.
  let hocuspocus: Hocuspocus | undefined;
  const metrics = syncMetrics(() => hocuspocus);
  const server = new Server({
    name: "chatflow-sync",
    port: opts.port,
    address: host,
    quiet: true,
    // main.ts owns the signals, so stopping also closes the database.
    stopOnSignals: false,
    debounce: opts.storeDebounceMs ?? 2000,
    maxDebounce: opts.storeMaxDebounceMs ?? 10_000,
    onAuthenticate: authenticateConnection(db.pool, tokens),
    // The rows may have changed while the document loaded, before any NOTIFY could find this connection.
    connected: async ({ connection }) => {
      await access
        ?.reviewConnection(connection)
        .catch((err: Error) => logger.error({ reason: err.message }, "access review failed; the sweep retries"));
    },
    // Core's REST writes to quick messages (decision 0048) and its word that a flow was published (0107).
    extensions: [
      healthChecks(db.pool, health, { registry: metrics, token: opts.metricsToken }, redisReady(redis)),
      ...redis,
      documentStore(db.pool),
      quickMessageWrites(db.pool, tokens),
      flowPublished(db.pool, tokens),
    ],
  });
  // Hocuspocus's destroy() stores and unloads documents but leaves upgraded sockets
  // open, still wired to this instance; they are ended here so clients reconnect
  // to whatever serves next instead of talking to a stopped server.
  hocuspocus = server.hocuspocus;
  const sockets = new Set<Duplex>();
  server.httpServer.on("upgrade", (_req, socket: Duplex) => {
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
  });
  try {
    access = await watchAccess(db.pool, server.hocuspocus, { sweepMs: opts.accessSweepMs ?? DEFAULT_ACCESS_SWEEP_MS });
    await server.listen();
  } catch (err) {
    await access?.stop();
    await db.close();
    throw err;
  }
  const port = server.address.port;
  // A wildcard bind is reachable on loopback; a specific one only on itself.
  const reachable = host === "0.0.0.0" || host === "::" ? "127.0.0.1" : host;
  let stopping: Promise<void> | undefined;
  return {
    url: `ws://${reachable.includes(":") ? `[${reachable}]` : reachable}:${port}`,
    port,
    address: server.httpServer.address() as AddressInfo,
    stop() {
      health.draining = true;
      stopping ??= (async () => {
        let timer: NodeJS.Timeout | undefined;
        const deadline = new Promise<void>((resolve) => {
          timer = setTimeout(() => {
            logger.error("documents still unstored at shutdown");
            resolve();
          }, STOP_DEADLINE_MS);
        });
        await Promise.race([server.destroy(), deadline]);
        clearTimeout(timer);
        for (const socket of sockets) socket.destroy();
        await access?.stop();
        await db.close();
      })();
      return stopping;
    },
  };
}

/** The Redis extension when a Redis is configured, else nothing (one instance serves everything). */
function redisExtension(opts: SyncServerOptions): Redis[] {
  if (!opts.redisUrl) return [];
  const url = new URL(opts.redisUrl);
  if (url.protocol !== "redis:" && url.protocol !== "rediss:") {
    throw new Error(`sync-server: REDIS_URL must be redis:// or rediss://, got ${url.protocol}`);
  }
  const db = url.pathname.length > 1 ? Number(url.pathname.slice(1)) : 0;
  return [
    new Redis({
      host: url.hostname,
      port: url.port ? Number(url.port) : 6379,
      prefix: opts.redisPrefix ?? "chatflow-sync",
      options: {
        username: url.username ? decodeURIComponent(url.username) : undefined,
        password: url.password ? decodeURIComponent(url.password) : undefined,
        db: Number.isInteger(db) ? db : 0,
        // rediss://: TLS (managed Redis services), the server's certificate checked against the system's CAs, or
        // against REDIS_TLS_CA's alone when it is set.
        ...(url.protocol === "rediss:"
          ? { tls: { servername: url.hostname, ...(opts.redisTlsCa ? { ca: opts.redisTlsCa } : {}) } }
          : {}),
      },
    }),
  ];
}

/** Readiness of the Redis the instances share documents through, when there is one: both its connections up. */
function redisReady(redis: Redis[]): ReadinessChecks {
  if (redis.length === 0) return {};
  return { redis: () => redis.every((r) => r.pub.status === "ready" && r.sub.status === "ready") };
}

/**
 * The installation's token secret from the database. Core writes it at its first start; a sync server started
 * beside a core still starting waits for it (up to a minute), then says what is missing.
 */
async function installationTokenSecret(pool: Parameters<typeof storedSecret>[0]): Promise<string> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const secret = await storedSecret(pool, JWT_SECRET_NAME).catch((err: { code?: string }) => {
      // 42P01: core has not migrated this database yet.
      if (err.code === "42P01") return undefined;
      throw err;
    });
    if (secret) return secret;
    if (Date.now() > deadline) {
      throw new Error(
        "sync-server: no token secret: set JWT_SECRET, or start core first (it stores the installation's)",
      );
    }
    await new Promise((r) => setTimeout(r, 500));
  }
}
