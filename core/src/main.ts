// `node core/src/main.ts`: core alone, configured from the environment.
import { loadConfig } from "./kernel/config.ts";
import { startCore } from "./server.ts";

const config = loadConfig();
const core = await startCore(config);
console.log(`core listening on ${core.url}`);
const stop = async () => {
  await core.stop();
  process.exit(0);
};
process.once("SIGINT", stop);
process.once("SIGTERM", stop);
