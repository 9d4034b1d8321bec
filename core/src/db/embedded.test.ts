import { execFile } from "node:child_process";
import { chmod, mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { type AddressInfo, createConnection, createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { describe, expect, it, onTestFinished, vi } from "vitest";

const embedded = path.join(import.meta.dirname, "embedded.ts");

/** An empty data directory for one test's embedded PostgreSQL, removed when the test ends. */
async function dataDirForTest(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "chatflow-embedded-"));
  // As root, initdb runs as a "postgres" user, which must reach the directory mkdtemp made 0700.
  await chmod(dir, 0o755);
  onTestFinished(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

/** Whether something accepts connections on the port. */
const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = createConnection({ host: "127.0.0.1", port });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });

/** The old constant superuser password no longer opens the cluster (28P01: password authentication failed). */
async function expectOldPasswordRefused(port: number): Promise<void> {
  const old = new pg.Client({ host: "127.0.0.1", port, user: "postgres", password: "chatflow", database: "postgres" });
  await expect(old.connect()).rejects.toMatchObject({ code: "28P01" });
}

describe("embedded PostgreSQL", () => {
  it("does not outlive a process that crashes without stopping it", { timeout: 120_000 }, async () => {
    const dir = await dataDirForTest();
    const port = 16_500 + Math.floor(Math.random() * 1000);
    const script = `
      const { startEmbeddedPostgres } = await import(${JSON.stringify(embedded)});
      await startEmbeddedPostgres({ dataDir: ${JSON.stringify(dir)}, port: ${port} });
      console.log("up");
      throw new Error("crash");`;
    try {
      const run = await promisify(execFile)(process.execPath, ["--input-type=module", "-e", script]).catch(
        (err: { code: number; stdout: string }) => err,
      );
      // It did start, then died of the uncaught error...
      expect(run.stdout).toContain("up");
      expect((run as { code?: number }).code).toBe(1);
      // ...and its PostgreSQL went with it.
      await vi.waitFor(async () => expect(await listening(port)).toBe(false), { timeout: 20_000, interval: 200 });
    } finally {
      // Should the rule break, the orphaned server must not outlive the test run either.
      await promisify(execFile)("pkill", ["-f", `postgres -D ${dir}`]).catch(() => {});
    }
  });
});

describe("embedded PostgreSQL password and port", () => {
  it("generates its superuser password into DATA_DIR/pg-password (0600) and uses it; the old constant no longer works", {
    timeout: 180_000,
  }, async () => {
    const dir = await dataDirForTest();
    const port = 17_500 + Math.floor(Math.random() * 1000);
    const { startEmbeddedPostgres } = await import("./embedded.ts");
    const db = await startEmbeddedPostgres({ dataDir: dir, port });
    try {
      const file = path.join(dir, "pg-password");
      const password = (await readFile(file, "utf8")).trim();
      expect(password.length).toBeGreaterThanOrEqual(32);
      expect((await stat(file)).mode & 0o777).toBe(0o600);
      expect(decodeURIComponent(new URL(db.url).password)).toBe(password);
      const ok = new pg.Client({ connectionString: db.url });
      await ok.connect();
      await ok.end();
      await expectOldPasswordRefused(port);
    } finally {
      await db.stop();
    }
  });

  it("takes over a data directory made with the old constant password, then answers only to the new one", {
    timeout: 180_000,
  }, async () => {
    const dir = await dataDirForTest();
    const port = 18_500 + Math.floor(Math.random() * 1000);
    const { startEmbeddedPostgres } = await import("./embedded.ts");
    // The old start: a cluster whose superuser password is the constant, and no password file.
    await writeFile(path.join(dir, "pg-password"), "chatflow");
    await (await startEmbeddedPostgres({ dataDir: dir, port })).stop();
    await rm(path.join(dir, "pg-password"));

    const db = await startEmbeddedPostgres({ dataDir: dir, port });
    try {
      const password = (await readFile(path.join(dir, "pg-password"), "utf8")).trim();
      expect(password).not.toBe("chatflow");
      const client = new pg.Client({ connectionString: db.url });
      await client.connect();
      expect((await client.query("SELECT 1 AS one")).rows[0].one).toBe(1);
      await client.end();
      await expectOldPasswordRefused(port);
    } finally {
      await db.stop();
    }
  });

  it("says in one line that the port is taken, naming it and EMBEDDED_PG_PORT", { timeout: 180_000 }, async () => {
    const dir = await dataDirForTest();
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, "127.0.0.1", resolve));
    const port = (taken.address() as AddressInfo).port;
    const { startEmbeddedPostgres } = await import("./embedded.ts");
    try {
      const err = await startEmbeddedPostgres({ dataDir: dir, port }).then(
        () => null,
        (e: Error) => e,
      );
      expect(err?.message).toBe(
        `Embedded PostgreSQL could not start on port ${port}: port ${port} is taken. Set EMBEDDED_PG_PORT to a free port, or DATABASE_URL to use another server.`,
      );
      expect(err?.message).not.toContain("\n");
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });
});
