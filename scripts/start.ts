// `npm start`: the whole product on one machine. Starts the embedded PostgreSQL (unless DATABASE_URL is
// set), builds the PWA if it was never built, then runs core (API + PWA on PORT), sync-server and
// channel-worker as supervised children (scripts/supervisor.ts): a part that crashes is restarted with
// backoff; Ctrl-C or SIGTERM stops the parts in order, then the database. The database runs in a process
// of its own (scripts/embedded-db-process.ts) that stops it when this launcher dies; one left running by
// a killed run is stopped before the next start (scripts/leftovers.ts).
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { loadConfig } from "../core/src/kernel/config.ts";
import { claimDataDir, stopLeftoverPostgres } from "./leftovers.ts";
import { buildCore, CORE_NODE_FLAGS } from "./node-flags.ts";
import { Supervisor, stopChild } from "./supervisor.ts";

const root = path.resolve(import.meta.dirname, "..");
const config = loadConfig();
const port = config.port;
const syncPort = Number(process.env.SYNC_PORT ?? port + 1);

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

mkdirSync(config.dataDir, { recursive: true });
let releaseDataDir: () => void = () => {};
try {
  releaseDataDir = claimDataDir(config.dataDir);
} catch (err) {
  fail((err as Error).message);
}

let database: ChildProcess | undefined;
let databaseUrl = config.databaseUrl;
if (!databaseUrl) {
  await stopLeftoverPostgres(config.dataDir, (line) => console.log(line)).catch((err: Error) => fail(err.message));
  console.log(`Starting the embedded PostgreSQL (data in ${path.join(config.dataDir, "pg")}) ...`);
  const db = spawn(process.execPath, [path.join(root, "scripts/embedded-db-process.ts")], {
    env: { ...process.env, DATA_DIR: config.dataDir },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
    detached: true,
  });
  database = db;
  const answer = await new Promise<{ url?: string; error?: string }>((resolve) => {
    db.once("message", (m) => resolve(m as { url?: string; error?: string }));
    db.once("exit", (code) => resolve({ error: `the embedded PostgreSQL exited with code ${code}` }));
  });
  if (!answer.url) {
    releaseDataDir();
    fail(answer.error ?? "the embedded PostgreSQL did not start");
  }
  databaseUrl = answer.url;
}

const pwaDir = process.env.PWA_DIR ?? path.join(root, "pwa/dist");
if (!existsSync(path.join(pwaDir, "index.html"))) {
  console.log("Building the PWA (first start) ...");
  const built = spawnSync(process.execPath, [path.join(root, "node_modules/vite/bin/vite.js"), "build"], {
    cwd: root,
    stdio: "inherit",
  });
  if (built.status !== 0) throw new Error("PWA build failed");
}

const env = {
  ...process.env,
  DATABASE_URL: databaseUrl,
  DATA_DIR: config.dataDir,
  PORT: String(port),
  SYNC_PORT: String(syncPort),
  SYNC_URL: `http://127.0.0.1:${syncPort}`,
};
const supervisor = new Supervisor({ log: (l) => console.log(l), error: (l) => console.error(l) });

let stopping = false;
async function stop(code = 0): Promise<void> {
  if (stopping) return;
  stopping = true;
  console.log("Stopping Chat-flow ...");
  await supervisor.stopAll();
  await stopChild(database, 30_000);
  releaseDataDir();
  process.exit(code);
}
// For good, not once: a second Ctrl-C or SIGTERM during the stop must not end this process before its children.
process.on("SIGINT", () => void stop());
process.on("SIGTERM", () => void stop());
process.on("SIGHUP", () => void stop());
// The database process is ours: if it dies, nothing works; say so and stop the rest.
database?.on("exit", (code) => {
  if (stopping) return;
  console.error(`The embedded PostgreSQL exited with code ${code}; stopping everything`);
  void stop(1);
});

async function waitFor(url: string, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer in ${ms} ms`);
}

// core migrates and seeds; the others start once it answers.
supervisor.start({ name: "core", args: [...CORE_NODE_FLAGS, buildCore(root)], env });
try {
  await waitFor(`http://127.0.0.1:${port}/readyz`, 120_000);
} catch (err) {
  console.error((err as Error).message);
  await stop(1);
}
supervisor.start({ name: "sync", args: [path.join(root, "sync-server/src/main.ts")], env });
supervisor.start({ name: "worker", args: [path.join(root, "channel-worker/src/main.ts")], env });

console.log(`
  Chat-flow is running: http://localhost:${port}
  Log in with ${config.adminEmail} / ${process.env.CHATFLOW_ADMIN_PASSWORD ? "(CHATFLOW_ADMIN_PASSWORD)" : config.adminPassword}
  Press Ctrl-C to stop.
`);
