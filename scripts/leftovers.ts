// What a killed `npm start` can leave behind in its DATA_DIR, found and cleaned before the next start: the
// launcher's own pid file (another launcher still alive on this DATA_DIR is refused, a dead one's file is
// taken over) and an embedded PostgreSQL still running on the data directory (PostgreSQL itself would
// refuse: "another postmaster is running"), stopped the way PostgreSQL asks to be stopped.
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists but belongs to another user (the embedded PostgreSQL runs as "postgres" under root).
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

function commandLine(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ");
  } catch {
    return "";
  }
}

function readPid(file: string): number | undefined {
  try {
    const pid = Number(readFileSync(file, "utf8").split("\n")[0]?.trim());
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Records this launcher as the one running on `dataDir`. Throws, saying which pid, when another launcher
 * is alive there; a file left by a dead one is taken over. Answers the release to call on the way out.
 */
export function claimDataDir(dataDir: string): () => void {
  const file = path.join(dataDir, "start.pid");
  const other = readPid(file);
  if (other && other !== process.pid && isAlive(other) && /start/.test(commandLine(other))) {
    throw new Error(
      `Chat-flow is already running on ${dataDir} (launcher pid ${other}). Stop it first, or set DATA_DIR to another folder.`,
    );
  }
  writeFileSync(file, `${process.pid}\n`);
  return () => {
    if (readPid(file) === process.pid) rmSync(file, { force: true });
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function exited(pid: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (!isAlive(pid)) return true;
    await sleep(100);
  }
  return !isAlive(pid);
}

/**
 * Stops a PostgreSQL still running on `dataDir/pg` from a run that was killed (its postmaster.pid names a
 * live postgres process): fast shutdown (SIGINT), then immediate (SIGQUIT), then SIGKILL. Answers whether
 * one was found. Call it only with the data directory claimed (claimDataDir), so it is never a live run's.
 */
export async function stopLeftoverPostgres(dataDir: string, log: (line: string) => void): Promise<boolean> {
  const pid = readPid(path.join(dataDir, "pg", "postmaster.pid"));
  if (!pid || !isAlive(pid) || !/postgres/.test(commandLine(pid))) return false;
  log(`An embedded PostgreSQL (pid ${pid}) was left running by an earlier run: stopping it ...`);
  for (const [signal, ms] of [
    ["SIGINT", 15_000],
    ["SIGQUIT", 5_000],
    ["SIGKILL", 5_000],
  ] as const) {
    try {
      process.kill(pid, signal);
    } catch {
      return true;
    }
    if (await exited(pid, ms)) return true;
  }
  throw new Error(`The embedded PostgreSQL left running (pid ${pid}) did not stop; stop it by hand.`);
}
