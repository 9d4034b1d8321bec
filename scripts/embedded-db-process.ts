// The embedded PostgreSQL of `npm start`, in a process of its own (scripts/start.ts spawns it in its own
// process group). Ctrl-C in a terminal signals the whole foreground group: PostgreSQL spawned by the
// launcher itself took that SIGINT as a fast shutdown while the worker was still finishing its sends
// (57P03 on its last queries). Here it hears only the launcher: SIGTERM, or the launcher's IPC channel
// closing (the launcher died without a word), stops it; the URL goes back over IPC once it answers.
import { startEmbeddedPostgres } from "../core/src/db/embedded.ts";

const dataDir = process.env.DATA_DIR ?? ".data";
const port = Number(process.env.EMBEDDED_PG_PORT ?? 54329);

let stopDb: (() => Promise<void>) | undefined;
let stopping = false;
async function stop(): Promise<void> {
  if (stopping) return;
  stopping = true;
  await stopDb?.();
  process.exit(0);
}
process.on("SIGTERM", () => void stop());
process.on("SIGINT", () => void stop());
process.on("disconnect", () => void stop());

try {
  const db = await startEmbeddedPostgres({ dataDir, port });
  stopDb = db.stop;
  if (stopping) await db.stop();
  else process.send?.({ url: db.url });
} catch (err) {
  // One line that says what to change (a taken port names EMBEDDED_PG_PORT), not a stack.
  process.send?.({ error: err instanceof Error ? err.message : String(err) });
  process.exit(1);
}
