// Starts core: database (embedded unless DATABASE_URL), migrations, seed,
// the HTTP server with the realtime hub. Returns a handle that stops it all.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import type { Express } from "express";
import { createApp } from "./app.ts";
import { ActorCache } from "./auth/actor-cache.ts";
import { createTokens } from "./auth/tokens.ts";
import { importsDir } from "./contacts/contact-import-routes.ts";
import { ContactImportRunner } from "./contacts/contact-import-runner.ts";
import type { EmbeddedDb } from "./db/embedded.ts";
import { type DbPool, openPool } from "./db/pool.ts";
import { prepareDatabaseInWorker } from "./db/prepare.ts";
import type { SeedResult } from "./db/seed.ts";
import type { HealthState } from "./http/health.ts";
import { coreMetrics } from "./http/metrics.ts";
import type { CoreConfig } from "./kernel/config.ts";
import { createRegistry } from "./kernel/metrics.ts";
import { configurePasswordHashing } from "./kernel/password-hashing.ts";
import { JWT_SECRET_NAME, sharedSecret, sharedVapidKeys } from "./kernel/shared-secrets.ts";
import { vapidSubject } from "./kernel/vapid-keys.ts";
import { createMediaStore, useMediaStore } from "./media/store-registry.ts";
import { IngestBatcher } from "./messages/ingest.ts";
import { CompanyCache } from "./presenters/company-cache.ts";
import { type PushDispatcher, startPushDispatcher } from "./push/push-dispatcher.ts";
import { collabProxy } from "./realtime/collab-proxy.ts";
import { type Hub, startHub } from "./realtime/hub.ts";
import { routeUpgrades } from "./realtime/upgrade-router.ts";

export type Core = {
  url: string;
  port: number;
  databaseUrl: string;
  db: DbPool;
  seeded: SeedResult;
  /** The HTTP application (tests read its route table). */
  app: Express;
  /** Sends web pushes for new inbound messages (tests wait on it). */
  push: PushDispatcher;
  stop(): Promise<void>;
};

export async function startCore(config: CoreConfig, opts: { embeddedPort?: number } = {}): Promise<Core> {
  // Every reader and writer of files under config.dataDir finds this store (decision 0094).
  useMediaStore(config.dataDir, await createMediaStore(config.dataDir, config.mediaStore ?? { kind: "local" }));
  let embedded: EmbeddedDb | undefined;
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    // Loaded only when used: a server given DATABASE_URL never pays for it.
    const { startEmbeddedPostgres } = await import("./db/embedded.ts");
    embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, port: opts.embeddedPort ?? 54329 });
    databaseUrl = embedded.url;
  }
  const seeded = await prepareDatabaseInWorker({
    databaseUrl,
    admin: { email: config.adminEmail, password: config.adminPassword },
  });
  configurePasswordHashing({ concurrency: config.limits.passwordHashConcurrency });
  const db = openPool(databaseUrl, { ...config.database, poolSize: config.database?.poolSize ?? 20 });
  // Every instance signs with the installation's secret, first written by whichever started first (0095).
  if (config.jwtSecretShared) {
    config = { ...config, jwtSecret: await sharedSecret(db.pool, JWT_SECRET_NAME, config.jwtSecret) };
  }
  const tokens = createTokens(config.jwtSecret, config.accessTtl);
  let hub: Hub | undefined;
  // Only when a scraper can read them: measuring every request costs a few microseconds each.
  const metrics = config.metricsToken
    ? coreMetrics(createRegistry("core"), { pool: db.pool, realtimeSockets: () => hub?.connections() ?? 0 })
    : undefined;
  const batcher = new IngestBatcher(db.pool, { onCommitted: metrics?.ingested });
  const actors = new ActorCache(config.actorCacheMs);
  await actors.start(databaseUrl);
  // The same lifetime as the actor cache's rows: what a request reads of its caller's company (decision 0125).
  const companies = new CompanyCache(config.actorCacheMs);
  await companies.start(databaseUrl);
  const imports = new ContactImportRunner(db.pool, {
    workers: config.importWorkers,
    tmpDir: path.join(importsDir(config.dataDir), "tmp"),
  });
  await imports.start();
  const vapid =
    config.vapid ??
    (await sharedVapidKeys(db.pool, config.dataDir, config.vapidSubject ?? vapidSubject({}, config.adminEmail)));
  const health: HealthState = { draining: false };
  let stopping: Promise<void> | undefined;
  const app = createApp({ pool: db.pool, tokens, config, batcher, actors, companies, imports, vapid, health, metrics });
  const server = createServer(app);
  server.keepAliveTimeout = 65_000;
  hub = await startHub({ databaseUrl, pool: db.pool, tokens, actors });
  const push = await startPushDispatcher({ databaseUrl, pool: db.pool, vapid });
  const cutUpgraded = routeUpgrades(server, {
    ws: hub.handleUpgrade,
    collab: config.syncUrl ? collabProxy(config.syncUrl) : undefined,
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(config.port, "0.0.0.0", () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://localhost:${port}`,
    port,
    databaseUrl,
    db,
    seeded,
    app,
    push,
    /**
     * Drains, then stops: /readyz says draining (for DRAIN_DELAY_MS, so a balancer moves the traffic), the listener
     * closes, idle keep-alive connections close, WebSocket connections are closed (clients reconnect, to another core), and the
     * requests in flight end with their answers; connections still busy after DRAIN_TIMEOUT_MS are cut. Asked again
     * meanwhile or after (a second signal, a test's clean-up), it answers the same stop.
     */
    stop() {
      stopping ??= drainAndStop();
      return stopping;
    },
  };
  async function drainAndStop(): Promise<void> {
    health.draining = true;
    if (config.drainDelayMs) await sleep(config.drainDelayMs);
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    // A keep-alive connection whose request was in flight goes idle once answered: closed then, not reused.
    server.closeIdleConnections();
    const sweep = setInterval(() => server.closeIdleConnections(), 50);
    await hub?.close();
    cutUpgraded();
    const late = sleep(config.drainTimeoutMs ?? 25_000, false, { ref: false });
    const drained = await Promise.race([closed.then(() => true), late]);
    if (!drained) server.closeAllConnections();
    await closed;
    clearInterval(sweep);
    await push.close();
    await actors.stop();
    await companies.stop();
    await imports.stop();
    await db.close();
    await embedded?.stop();
  }
}
