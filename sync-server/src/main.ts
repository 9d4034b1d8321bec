// `node sync-server/src/main.ts`: the sync server alone, configured from the
// environment (config.ts). Several instances share documents through
// @hocuspocus/extension-redis when REDIS_URL is set (docs/architecture.md "Scale past
// one machine"); each store merges into PostgreSQL either way (decision 0051).
import { logger } from "@chatflow/core/kernel/logger.ts";
import { loadSyncConfig } from "./config.ts";
import { startSyncServer } from "./server.ts";

const server = await startSyncServer(loadSyncConfig());
logger.info({ url: server.url }, `sync-server listening on ${server.url}`);

let stopping = false;
const stop = async () => {
  // Registered for good (not once): a second signal while documents are stored must not end the process.
  if (stopping) return;
  stopping = true;
  await server.stop();
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
// Started by `npm start` (an IPC channel): its launcher died without stopping us, so stop as on SIGTERM.
process.on("disconnect", stop);
