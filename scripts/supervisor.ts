// The parts of `npm start` as supervised children: each runs in its own process group (a Ctrl-C in the
// terminal reaches the launcher alone, which then stops each part once, in order), with an IPC channel
// (a part stops itself when the launcher dies without a word), its output prefixed with its name, and a
// part that exits on its own restarted with backoff. pm2 and systemd do the same for a deployment; this is
// the one-machine start (decision 0086).
import { type ChildProcess, spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { prettyFactory } from "pino-pretty";

/**
 * A part's JSON log line (pino, decision 0096) as a person reads it in a terminal: time, level, message, then the
 * line's other fields; anything that is not a log line stays as it is.
 */
const pretty = prettyFactory({
  colorize: process.stdout.isTTY === true,
  translateTime: "SYS:HH:MM:ss.l",
  ignore: "pid,hostname,part,version",
  singleLine: true,
});
export function readable(line: string): string {
  if (!line.startsWith("{")) return line;
  try {
    JSON.parse(line);
  } catch {
    return line;
  }
  return pretty(line).trimEnd();
}

export type PartSpec = {
  name: string;
  /** Arguments to the Node executable (flags, then the entry file). */
  args: string[];
  env: NodeJS.ProcessEnv;
};

export type Backoff = {
  /** The first restart's delay; each quick crash doubles it, up to `maxMs`. */
  firstMs: number;
  maxMs: number;
  /** A part that ran this long before exiting starts again from `firstMs`. */
  stableMs: number;
};

export const DEFAULT_BACKOFF: Backoff = { firstMs: 1_000, maxMs: 30_000, stableMs: 30_000 };

/** The delay before the next restart of a part that crashed `crashes` times in a row (1 = the first). */
export function restartDelay(crashes: number, backoff: Backoff = DEFAULT_BACKOFF): number {
  return Math.min(backoff.maxMs, backoff.firstMs * 2 ** Math.max(0, crashes - 1));
}

export type SupervisorOptions = {
  log: (line: string) => void;
  error: (line: string) => void;
  backoff?: Backoff;
  /** How long a part may take to stop after SIGTERM before it is killed. */
  stopTimeoutMs?: number;
};

type Running = { spec: PartSpec; child?: ChildProcess; crashes: number; timer?: NodeJS.Timeout };

export class Supervisor {
  private readonly parts = new Map<string, Running>();
  private stopping = false;
  private readonly opts: SupervisorOptions;

  constructor(opts: SupervisorOptions) {
    this.opts = opts;
  }

  /** Starts a part and keeps it running until `stopAll`. */
  start(spec: PartSpec): void {
    const running: Running = { spec, crashes: 0 };
    this.parts.set(spec.name, running);
    this.spawn(running);
  }

  /** The pid of a part's current process (tests kill it to see the restart). */
  pid(name: string): number | undefined {
    return this.parts.get(name)?.child?.pid;
  }

  private spawn(running: Running): void {
    const { spec } = running;
    const startedAt = Date.now();
    const child = spawn(process.execPath, spec.args, {
      env: spec.env,
      stdio: ["ignore", "pipe", "pipe", "ipc"],
      detached: true,
    });
    running.child = child;
    // By line, not by chunk: a pipe hands over what was written in pieces of its own size (core's log writes up to
    // 32 KiB at once), so a line can span two chunks, and a character's bytes too; readline carries both over.
    const byLine = (stream: NodeJS.ReadableStream | null, out: (line: string) => void) => {
      if (!stream) return;
      createInterface({ input: stream, crlfDelay: Number.POSITIVE_INFINITY }).on("line", (l) => {
        if (l) out(`[${spec.name}] ${readable(l)}`);
      });
    };
    byLine(child.stdout, (l) => this.opts.log(l));
    byLine(child.stderr, (l) => this.opts.error(l));
    child.on("exit", (code, signal) => {
      if (this.stopping) return;
      const backoff = this.opts.backoff ?? DEFAULT_BACKOFF;
      running.crashes = Date.now() - startedAt >= backoff.stableMs ? 1 : running.crashes + 1;
      const delay = restartDelay(running.crashes, backoff);
      const how = signal ? `was killed by ${signal}` : `exited with code ${code}`;
      this.opts.error(`[${spec.name}] ${how}; restarting in ${formatDelay(delay)} (restart ${running.crashes})`);
      running.timer = setTimeout(() => {
        running.timer = undefined;
        if (!this.stopping) this.spawn(running);
      }, delay);
    });
  }

  /** Stops the parts in the reverse order of their start: each gets SIGTERM and time to finish. */
  async stopAll(): Promise<void> {
    this.stopping = true;
    for (const running of [...this.parts.values()].reverse()) {
      if (running.timer) clearTimeout(running.timer);
      await stopChild(running.child, this.opts.stopTimeoutMs ?? 30_000);
    }
  }
}

/** SIGTERM, then SIGKILL after the timeout; resolves once the child has exited. */
export function stopChild(child: ChildProcess | undefined, timeoutMs: number): Promise<void> {
  return new Promise<void>((resolve) => {
    if (!child || child.exitCode !== null || child.signalCode !== null) return resolve();
    const kill = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.once("exit", () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill("SIGTERM");
  });
}

function formatDelay(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
}
