// `npm start`: the whole product on one machine. Starts the embedded
// PostgreSQL (unless DATABASE_URL is set), builds the PWA if it was never
// built, then runs core (API + PWA on PORT), sync-server and channel-worker as
// child processes, and stops them all, and the database, on Ctrl-C.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { type EmbeddedDb, startEmbeddedPostgres } from "../core/src/db/embedded.ts";
import { loadConfig } from "../core/src/kernel/config.ts";
import { buildCore, CORE_NODE_FLAGS } from "./node-flags.ts";

const root = path.resolve(import.meta.dirname, "..");
const config = loadConfig();
const port = config.port;
const syncPort = Number(process.env.SYNC_PORT ?? port + 1);

let embedded: EmbeddedDb | undefined;
let databaseUrl = config.databaseUrl;
if (!databaseUrl) {
  console.log(`Starting the embedded PostgreSQL (data in ${path.join(config.dataDir, "pg")}) ...`);
  try {
    embedded = await startEmbeddedPostgres({
      dataDir: config.dataDir,
      port: Number(process.env.EMBEDDED_PG_PORT ?? 54329),
    });
  } catch (err) {
    // One line that says what to change (a taken port names EMBEDDED_PG_PORT), not a stack.
    console.error(err instanceof Error ? err.message : String(err));
    process.exit(1);
  }
  databaseUrl = embedded.url;
}

if (!existsSync(path.join(root, "pwa/dist/index.html"))) {
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
  JWT_SECRET: config.jwtSecret,
  PORT: String(port),
  SYNC_PORT: String(syncPort),
  SYNC_URL: `http://127.0.0.1:${syncPort}`,
};
const children: ChildProcess[] = [];
let stopping = false;

function run(name: string, file: string, flags: string[] = []): ChildProcess {
  const child = spawn(process.execPath, [...flags, path.resolve(root, file)], {
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const prefix = (chunk: Buffer) =>
    chunk
      .toString()
      .split("\n")
      .filter(Boolean)
      .map((l) => `[${name}] ${l}`)
      .join("\n");
  child.stdout?.on("data", (c: Buffer) => console.log(prefix(c)));
  child.stderr?.on("data", (c: Buffer) => console.error(prefix(c)));
  child.on("exit", (code) => {
    if (!stopping) {
      console.error(`[${name}] exited with ${code}; stopping everything`);
      void stop(1);
    }
  });
  children.push(child);
  return child;
}

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

async function stop(code = 0): Promise<void> {
  if (stopping) return;
  stopping = true;
  await Promise.all(
    children.map(
      (c) =>
        new Promise<void>((resolve) => {
          if (c.exitCode !== null) return resolve();
          c.once("exit", () => resolve());
          c.kill("SIGTERM");
          setTimeout(() => c.kill("SIGKILL"), 10_000).unref();
        }),
    ),
  );
  await embedded?.stop();
  process.exit(code);
}
// For good, not once: a second Ctrl-C or SIGTERM during the stop must not end this process before its children.
process.on("SIGINT", () => void stop());
process.on("SIGTERM", () => void stop());

// core migrates and seeds; the others start once it answers.
run("core", buildCore(root), CORE_NODE_FLAGS);
await waitFor(`http://127.0.0.1:${port}/version`, 60_000);
run("sync", "sync-server/src/main.ts");
run("worker", "channel-worker/src/main.ts");

console.log(`
  Chat-flow is running: http://localhost:${port}
  Log in with ${config.adminEmail} / ${process.env.CHATFLOW_ADMIN_PASSWORD ? "(CHATFLOW_ADMIN_PASSWORD)" : config.adminPassword}
  Press Ctrl-C to stop.
`);
