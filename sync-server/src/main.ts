// `node sync-server/src/main.ts`: the sync server alone, configured from the
// environment (config.ts). Several instances share documents through
// @hocuspocus/extension-redis when REDIS_URL is set (docs/architecture.md "Scale past
// one machine"); each store merges into PostgreSQL either way (decision 0051).
import { loadSyncConfig } from "./config.ts";
import { startSyncServer } from "./server.ts";

const server = await startSyncServer(loadSyncConfig());
console.log(`sync-server listening on ${server.url}`);

const stop = async () => {
  await server.stop();
  process.exit(0);
};
process.once("SIGINT", stop);
process.once("SIGTERM", stop);
