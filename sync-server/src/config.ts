// The sync server's configuration, read once from the environment.
//   DATABASE_URL  PostgreSQL that core migrated (required)
//   SYNC_PORT     port to listen on; default PORT+1 (beside core), else 8081
//   SYNC_HOST     interface to bind; default 127.0.0.1 (core forwards /collab to it)
//   SYNC_ACCESS_SWEEP_MS  how often open connections' rights are read again; default 60000
//   REDIS_URL     redis://host:port or rediss://host:port (TLS): several instances share documents through it; absent, one instance
//   REDIS_TLS_CA  a PEM file: the CA a rediss:// server's certificate is checked against (instead of the system's)
//   DATABASE_POOL_SIZE, DATABASE_STATEMENT_TIMEOUT_MS, DATABASE_IDLE_TIMEOUT_MS  the pool (default 10 connections)
//   REDIS_PREFIX  namespace of the Redis keys; default chatflow-sync
//   JWT_SECRET    core's token secret, else the installation's one core keeps in the database (decision 0095)
import { readFileSync } from "node:fs";
import { poolSettingsFromEnv } from "@chatflow/core/kernel/config.ts";
import type { SyncServerOptions } from "./server.ts";

export function syncPort(env: NodeJS.ProcessEnv): number {
  if (env.SYNC_PORT) return Number(env.SYNC_PORT);
  if (env.PORT) return Number(env.PORT) + 1;
  return 8081;
}

export function loadSyncConfig(env = process.env): SyncServerOptions {
  if (!env.DATABASE_URL) throw new Error("sync-server: DATABASE_URL is required");
  return {
    databaseUrl: env.DATABASE_URL,
    port: syncPort(env),
    host: env.SYNC_HOST || undefined,
    accessSweepMs: env.SYNC_ACCESS_SWEEP_MS ? Number(env.SYNC_ACCESS_SWEEP_MS) : undefined,
    redisUrl: env.REDIS_URL || undefined,
    redisPrefix: env.REDIS_PREFIX || undefined,
    redisTlsCa: env.REDIS_TLS_CA ? readFileSync(env.REDIS_TLS_CA, "utf8") : undefined,
    metricsToken: env.METRICS_TOKEN || undefined,
    jwtSecret: env.JWT_SECRET || undefined,
    pool: poolSettingsFromEnv(env),
  };
}
