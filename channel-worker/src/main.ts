// `node channel-worker/src/main.ts`: one channel worker, configured from the
// environment. Several may run against the same database.

import { readFileSync } from "node:fs";
import { poolSettingsFromEnv } from "@chatflow/core/kernel/config.ts";
import { logger } from "@chatflow/core/kernel/logger.ts";
import { scrape } from "@chatflow/core/kernel/metrics.ts";
import { startHealthServer } from "./health-server.ts";
import { startWorker } from "./worker.ts";

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  logger.fatal("DATABASE_URL is required");
  process.exit(1);
}
const fault = process.env.CHATFLOW_FAULT;
if (fault && fault !== "exit-after-claim") {
  logger.fatal(`unknown CHATFLOW_FAULT ${fault}`);
  process.exit(1);
}
/** A whole-number setting: absent gives undefined (the default); anything else below `min` stops the worker. */
function wholeNumber(name: string, min: number): number | undefined {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return undefined;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) {
    logger.fatal({ setting: name, value: raw }, `${name} must be a whole number of at least ${min}, not "${raw}"`);
    process.exit(1);
  }
  return value;
}

const minutesAsMs = (minutes: number | undefined) => (minutes === undefined ? undefined : minutes * 60_000);

// Tests only: Baileys sockets that open at once without any server (the two-worker takeover test kills this process).
const standIn = process.env.CHATFLOW_BAILEYS_SOCKET === "stand-in";
const baileysSocket = standIn ? (await import("./testing/baileys-stand-in.ts")).openingStandIn : undefined;

const started = startWorker({
  baileysSocket,
  databaseUrl,
  pool: poolSettingsFromEnv(process.env),
  graphApiUrl: process.env.GRAPH_API_URL || undefined,
  graphApiVersion: process.env.GRAPH_API_VERSION || undefined,
  graphTokenCheckMs: minutesAsMs(wholeNumber("GRAPH_TOKEN_CHECK_MINUTES", 0)),
  dataDir: process.env.DATA_DIR || undefined,
  efiPix: {
    baseUrl: process.env.EFI_PIX_URL || undefined,
    ca: process.env.EFI_PIX_CA ? readFileSync(process.env.EFI_PIX_CA, "utf8") : undefined,
  },
  paymentLinks: {
    stripeApiUrl: process.env.STRIPE_API_URL || undefined,
    mercadopagoApiUrl: process.env.MERCADOPAGO_API_URL || undefined,
    asaasApiUrl: process.env.ASAAS_API_URL || undefined,
  },
  workerId: process.env.CHATFLOW_WORKER_ID || undefined,
  pollMs: wholeNumber("CHATFLOW_POLL_MS", 1),
  lease: { ttlMs: wholeNumber("CHATFLOW_LEASE_TTL_MS", 100), heartbeatMs: wholeNumber("CHATFLOW_HEARTBEAT_MS", 10) },
  jobIntervalMs: wholeNumber("CHATFLOW_JOB_INTERVAL_MS", 100),
  // 0 turns auto-close off.
  ticketsAutoCloseHours: wholeNumber("TICKETS_AUTO_CLOSE_HOURS", 0),
  fault: fault === "exit-after-claim" ? fault : undefined,
});
// The probes (GET /healthz, /readyz) and the metrics (GET /metrics, with METRICS_TOKEN) on their own port when
// asked for; 0 picks a free one (tests).
const healthPort = wholeNumber("WORKER_HEALTH_PORT", 0);
const health =
  healthPort === undefined
    ? undefined
    : await startHealthServer(
        healthPort,
        async (path) => (await started).health(path),
        async (authorization) => scrape((await started).metrics, process.env.METRICS_TOKEN, authorization),
      );
if (health) logger.info({ port: health.port }, `health on port ${health.port}`);
let stopping = false;
const stop = async (signal: NodeJS.Signals) => {
  // Registered for good (not once): a second signal during the stop (Ctrl-C reaches the whole process
  // group, then the start script signals its children again) must not end the process mid-stop.
  if (stopping) {
    logger.info(`${signal} again: still stopping`);
    return;
  }
  stopping = true;
  logger.info(`${signal}: stopping`);
  // Finishes the sends and job runs in flight, puts claimed messages back and gives the leases back.
  await (await started).stop();
  await health?.close();
  logger.info("stopped");
  process.exit(0);
};
// Before the start completes: its first round may already be sending, and a signal then must stop it too.
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
// Started by `npm start` (an IPC channel): its launcher died without stopping us, so stop as on SIGTERM.
process.on("disconnect", () => void stop("SIGTERM"));
await started;
