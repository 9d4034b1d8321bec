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
/** A whole-number setting: absent gives undefined (the default); anything else below `min` stops the worker. */
function wholeNumber(name: string, min: number): number | undefined {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return undefined;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) {
    console.error(`channel-worker: ${name} must be a whole number of at least ${min}, not "${raw}"`);
    process.exit(1);
  }
  return value;
}

const worker = await startWorker({
  databaseUrl,
  graphApiUrl: process.env.GRAPH_API_URL || undefined,
  graphApiVersion: process.env.GRAPH_API_VERSION || undefined,
  dataDir: process.env.DATA_DIR || undefined,
  workerId: process.env.CHATFLOW_WORKER_ID || undefined,
  pollMs: wholeNumber("CHATFLOW_POLL_MS", 1),
  jobIntervalMs: wholeNumber("CHATFLOW_JOB_INTERVAL_MS", 100),
  // 0 turns auto-close off.
  ticketsAutoCloseHours: wholeNumber("TICKETS_AUTO_CLOSE_HOURS", 0),
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
