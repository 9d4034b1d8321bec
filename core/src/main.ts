// `node core/src/main.ts`: core alone, configured from the environment.
import { loadConfig } from "./kernel/config.ts";
import { logger } from "./kernel/logger.ts";
import { startCore } from "./server.ts";

const config = loadConfig();
const core = await startCore(config);
logger.info({ url: core.url }, `core listening on ${core.url}`);
let stopping = false;
const stop = async () => {
  // Registered for good (not once): a second signal during the drain must not end the process mid-stop.
  if (stopping) return;
  stopping = true;
  // The drain is bounded (drainTimeoutMs); the clean-up after it waits on the database, which may have stopped
  // answering (a partition, its host gone): past the whole bound, exit anyway and say so.
  const bound = (config.drainDelayMs ?? 0) + (config.drainTimeoutMs ?? 25_000) + (config.stopGraceMs ?? 10_000);
  setTimeout(() => {
    logger.error({ boundMs: bound }, "core did not stop in time (its clean-up hung); exiting");
    process.exit(1);
  }, bound).unref();
  await core.stop();
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
// Started by `npm start` (an IPC channel): its launcher died without stopping us, so stop as on SIGTERM.
process.on("disconnect", stop);
