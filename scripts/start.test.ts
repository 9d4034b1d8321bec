// `npm start` as a person runs it: the whole product on an embedded PostgreSQL in a fresh DATA_DIR, a part
// killed and restarted, Ctrl-C (SIGINT to the terminal's whole process group) stopping everything in order,
// and a run killed outright whose PostgreSQL is cleaned up by the next start.
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { chmod, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { createConnection, createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it, onTestFinished, vi } from "vitest";
import { isAlive } from "./leftovers.ts";
import { readable, restartDelay, Supervisor } from "./supervisor.ts";

const root = path.resolve(import.meta.dirname, "..");

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = createConnection({ host: "127.0.0.1", port });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });

/** The processes whose parent is `pid` and whose command line matches. */
function children(pid: number, match: RegExp): number[] {
  const found: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      const cmd = readFileSync(`/proc/${entry}/cmdline`, "utf8").replaceAll("\0", " ");
      if (ppid === pid && match.test(cmd)) found.push(Number(entry));
    } catch {
      /* gone meanwhile */
    }
  }
  return found;
}

type Run = { child: ChildProcess; output: () => string; exited: Promise<number | null> };

/** `node scripts/start.ts` in its own process group (as a terminal runs it), its output collected. */
function launch(env: NodeJS.ProcessEnv): Run {
  const child = spawn(process.execPath, [path.join(root, "scripts/start.ts")], {
    cwd: root,
    env,
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let out = "";
  child.stdout?.on("data", (c: Buffer) => {
    out += c.toString();
  });
  child.stderr?.on("data", (c: Buffer) => {
    out += c.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { child, output: () => out, exited };
}

async function environment(): Promise<{ env: NodeJS.ProcessEnv; dataDir: string; pgPort: number; port: number }> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "chatflow-start-"));
  // As root, initdb runs as a "postgres" user, which must reach the directory mkdtemp made 0700.
  await chmod(dataDir, 0o755);
  // A PWA of one page: the start would build the real one when the folder has none.
  const pwaDir = path.join(dataDir, "pwa");
  await mkdir(pwaDir);
  await writeFile(path.join(pwaDir, "index.html"), "<!doctype html><title>Chat-flow</title>");
  const [port, syncPort, pgPort, workerHealth] = [
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
  ];
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: String(port), SYNC_PORT: String(syncPort) };
  Object.assign(env, { EMBEDDED_PG_PORT: String(pgPort), PWA_DIR: pwaDir, WORKER_HEALTH_PORT: String(workerHealth) });
  for (const name of ["DATABASE_URL", "VITEST", "VITEST_POOL_ID", "VITEST_WORKER_ID", "NODE_OPTIONS"]) delete env[name];
  onTestFinished(async () => {
    // Whatever a failing test left: no server outlives the run.
    spawn("pkill", ["-f", `postgres -D ${path.join(dataDir, "pg")}`]);
    await rm(dataDir, { recursive: true, force: true });
  });
  return { env, dataDir, pgPort, port };
}

const running = (run: Run) =>
  vi.waitFor(() => expect(run.output()).toContain("Chat-flow is running"), { timeout: 180_000, interval: 250 });

describe("npm start", () => {
  it("refuses a second launcher, restarts a part that dies, and a Ctrl-C stops every part before the database", {
    timeout: 300_000,
  }, async () => {
    const { env, dataDir, pgPort, port } = await environment();
    const run = launch(env);
    onTestFinished(() => {
      if (run.child.exitCode === null) process.kill(-(run.child.pid as number), "SIGKILL");
    });
    await running(run);
    expect(existsSync(path.join(dataDir, "start.pid"))).toBe(true);
    expect((await fetch(`http://127.0.0.1:${port}/readyz`)).status).toBe(200);
    // A second launcher on the same DATA_DIR is refused, and says by whom.
    const second = launch(env);
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(`Chat-flow is already running on ${dataDir} (launcher pid ${run.child.pid})`);

    const [worker] = children(run.child.pid as number, /channel-worker\/src\/main\.ts/);
    expect(worker).toBeGreaterThan(0);
    process.kill(worker as number, "SIGKILL");
    await vi.waitFor(() => expect(run.output()).toContain("[worker] was killed by SIGKILL; restarting in 1 s"), {
      timeout: 20_000,
    });
    await vi.waitFor(
      () => {
        const again = children(run.child.pid as number, /channel-worker\/src\/main\.ts/);
        expect(again.length).toBe(1);
        expect(again[0]).not.toBe(worker);
      },
      { timeout: 20_000 },
    );
    await vi.waitFor(() => expect(run.output()).toMatch(/\[worker\] \S+ INFO: health on port \d+/), {
      timeout: 30_000,
    });

    // Ctrl-C: the terminal signals the launcher's whole process group.
    process.kill(-(run.child.pid as number), "SIGINT");
    expect(await run.exited).toBe(0);
    const said = run.output();
    expect(said).toMatch(/\[worker\] \S+ INFO: stopped/);
    // The worker finished on a live database: no "the database system is shutting down".
    expect(said).not.toMatch(/57P03|shutting down/);
    expect(await listening(pgPort)).toBe(false);
    expect(await listening(port)).toBe(false);
    expect(existsSync(path.join(dataDir, "start.pid"))).toBe(false);
  });

  it("stops its parts and database when the launcher is killed, and cleans a database left running", {
    timeout: 300_000,
  }, async () => {
    const { env, dataDir, pgPort, port } = await environment();
    const first = launch(env);
    await running(first);
    // The launcher killed outright: its parts and its database process hear the IPC channel close.
    process.kill(first.child.pid as number, "SIGKILL");
    await vi.waitFor(async () => expect(await listening(port)).toBe(false), { timeout: 40_000, interval: 250 });
    await vi.waitFor(async () => expect(await listening(pgPort)).toBe(false), { timeout: 40_000, interval: 250 });

    // Worse: the launcher and its database process both killed, PostgreSQL itself orphaned and running.
    const second = launch(env);
    await running(second);
    const [dbProcess] = children(second.child.pid as number, /embedded-db-process\.ts/);
    expect(dbProcess).toBeGreaterThan(0);
    // The database process first: killed second, it could hear its launcher go and stop PostgreSQL itself.
    process.kill(dbProcess as number, "SIGKILL");
    process.kill(-(second.child.pid as number), "SIGKILL");
    const postmaster = Number(readFileSync(path.join(dataDir, "pg", "postmaster.pid"), "utf8").split("\n")[0]);
    expect(isAlive(postmaster)).toBe(true);
    // The parts heard their launcher go; wait until core let go of its port.
    await vi.waitFor(async () => expect(await listening(port)).toBe(false), { timeout: 40_000, interval: 250 });

    const third = launch(env);
    onTestFinished(() => {
      if (third.child.exitCode === null) process.kill(-(third.child.pid as number), "SIGKILL");
    });
    await running(third);
    expect(third.output()).toContain(`An embedded PostgreSQL (pid ${postmaster}) was left running by an earlier run`);
    expect(isAlive(postmaster)).toBe(false);
    expect((await fetch(`http://127.0.0.1:${port}/readyz`)).status).toBe(200);
    process.kill(third.child.pid as number, "SIGTERM");
    expect(await third.exited).toBe(0);
    expect(await listening(pgPort)).toBe(false);
  });
});

describe("the supervisor", () => {
  it("doubles the delay of quick crashes up to its ceiling", () => {
    expect([1, 2, 3, 4, 5, 6, 7].map((n) => restartDelay(n))).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000,
    ]);
  });

  it("restarts a part that exits, with backoff, and stops it for good on stopAll", async () => {
    const lines: string[] = [];
    const supervisor = new Supervisor({
      log: (l) => lines.push(l),
      error: (l) => lines.push(l),
      backoff: { firstMs: 50, maxMs: 200, stableMs: 10_000 },
    });
    supervisor.start({
      name: "crashy",
      args: ["-e", "console.log('up ' + process.pid); setTimeout(() => process.exit(3), 20)"],
      env: process.env,
    });
    await vi.waitFor(() => expect(lines.filter((l) => l.startsWith("[crashy] up")).length).toBeGreaterThanOrEqual(3), {
      timeout: 10_000,
    });
    await supervisor.stopAll();
    expect(lines).toContain("[crashy] exited with code 3; restarting in 50 ms (restart 1)");
    expect(lines).toContain("[crashy] exited with code 3; restarting in 100 ms (restart 2)");
    const ups = lines.filter((l) => l.startsWith("[crashy] up")).length;
    await new Promise((r) => setTimeout(r, 400));
    expect(lines.filter((l) => l.startsWith("[crashy] up")).length).toBe(ups);
  });

  it("prefixes a part's output by whole lines, however the pipe cuts them", async () => {
    const lines: string[] = [];
    const supervisor = new Supervisor({ log: (l) => lines.push(l), error: (l) => lines.push(l) });
    // One JSON line written in two pieces apart in time, a long line, and a two-byte character split across writes.
    const script = `
      const long = "x".repeat(200000);
      process.stdout.write('{"level":"info","time":"2026-12-07T10:57:27.924Z","msg":"split');
      setTimeout(() => {
        process.stdout.write(' line"}\\n' + long + '\\n');
        process.stdout.write(Buffer.from([0x63, 0x61, 0x66, 0xc3]));
        setTimeout(() => process.stdout.write(Buffer.from([0xa9, 0x0a])), 50);
      }, 100);
      setInterval(() => {}, 1000);`;
    supervisor.start({ name: "piece", args: ["-e", script], env: process.env });
    await vi.waitFor(() => expect(lines).toContain("[piece] café"), { timeout: 10_000 });
    await supervisor.stopAll();
    expect(lines[0]).toMatch(/^\[piece\] \S+ INFO: split line$/);
    expect(lines[1]).toBe(`[piece] ${"x".repeat(200000)}`);
  });

  it("renders a part's JSON log lines for a person and leaves other lines alone", () => {
    const line = JSON.stringify({
      level: "warn",
      time: "2026-12-07T10:57:27.924Z",
      part: "core",
      version: "3.5.0",
      reqId: "r1",
      msg: "database unavailable",
    });
    expect(readable(line)).toMatch(/^\S+ WARN: database unavailable \{"reqId":"r1"\}$/);
    expect(readable("plain text from a child")).toBe("plain text from a child");
    expect(readable("{not json")).toBe("{not json");
  });

  it("gives a part that ignores SIGTERM the timeout, then kills it", async () => {
    const lines: string[] = [];
    const supervisor = new Supervisor({ log: (l) => lines.push(l), error: () => {}, stopTimeoutMs: 300 });
    supervisor.start({
      name: "stubborn",
      args: ["-e", "process.on('SIGTERM', () => {}); console.log('up'); setInterval(() => {}, 1000)"],
      env: process.env,
    });
    // Its SIGTERM handler is in place once it said so.
    await vi.waitFor(() => expect(lines).toContain("[stubborn] up"), { timeout: 10_000 });
    const pid = supervisor.pid("stubborn") as number;
    const started = Date.now();
    await supervisor.stopAll();
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    expect(isAlive(pid)).toBe(false);
  });
});
