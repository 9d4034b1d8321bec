// `node sync-server/src/main.ts`: the sync server alone, configured from the
// environment (config.ts). Several instances would share documents through
// @hocuspocus/extension-redis when REDIS_URL is set (ARCHITECTURE.md "Scale past
// one machine"); that is not wired yet, so one instance serves everything.
import { loadSyncConfig } from "./config.ts";
import { startSyncServer } from "./server.ts";

if (process.env.REDIS_URL) {
  console.warn("sync-server: REDIS_URL is set but the Redis extension is not wired yet; running as one instance");
}
const server = await startSyncServer(loadSyncConfig());
console.log(`sync-server listening on ${server.url}`);

const stop = async () => {
  await server.stop();
  process.exit(0);
};
process.once("SIGINT", stop);
process.once("SIGTERM", stop);
