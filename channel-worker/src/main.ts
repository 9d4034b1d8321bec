// `node channel-worker/src/main.ts`: one channel worker, configured from the
// environment. Several may run against the same database.
import { startWorker } from "./worker.ts";

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.error("channel-worker: DATABASE_URL is required");
  process.exit(1);
}
const fault = process.env.CHATFLOW_FAULT;
if (fault && fault !== "exit-after-claim") {
  console.error(`channel-worker: unknown CHATFLOW_FAULT ${fault}`);
  process.exit(1);
}
const worker = await startWorker({
  databaseUrl,
  graphApiUrl: process.env.GRAPH_API_URL || undefined,
  graphApiVersion: process.env.GRAPH_API_VERSION || undefined,
  dataDir: process.env.DATA_DIR || undefined,
  workerId: process.env.CHATFLOW_WORKER_ID || undefined,
  pollMs: process.env.CHATFLOW_POLL_MS ? Number(process.env.CHATFLOW_POLL_MS) : undefined,
  jobIntervalMs: process.env.CHATFLOW_JOB_INTERVAL_MS ? Number(process.env.CHATFLOW_JOB_INTERVAL_MS) : undefined,
  ticketsAutoCloseHours: process.env.TICKETS_AUTO_CLOSE_HOURS
    ? Number(process.env.TICKETS_AUTO_CLOSE_HOURS)
    : undefined,
  fault: fault === "exit-after-claim" ? fault : undefined,
});
let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  // Finishes the sends and job runs in flight and gives the leases back, so nothing is left in doubt.
  await worker.stop();
  process.exit(0);
};
process.once("SIGINT", stop);
process.once("SIGTERM", stop);
