// channel-worker/src/main.ts as its own process, for the tests that crash, freeze (SIGSTOP) or signal a worker.
import { spawn } from "node:child_process";
import path from "node:path";

const MAIN = path.resolve(import.meta.dirname, "../main.ts");

export type WorkerProcess = {
  child: ReturnType<typeof spawn>;
  /** Everything it printed so far (stdout and stderr). */
  output(): string;
  /** Resolves once its output contains `text`. */
  printed(text: string | RegExp): Promise<void>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; output: string }>;
};

/** Runs the worker's entry point with `env` added to this process's environment. */
export function runWorkerProcess(env: Record<string, string>): WorkerProcess {
  const child = spawn(process.execPath, [MAIN], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const waiters: { match: (s: string) => boolean; resolve: () => void }[] = [];
  const onData = (d: Buffer) => {
    output += d;
    for (const w of [...waiters]) {
      if (w.match(output)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve();
      }
    }
  };
  child.stdout.on("data", onData);
  child.stderr.on("data", onData);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; output: string }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal, output })),
  );
  return {
    child,
    output: () => output,
    printed(text) {
      const match = (s: string) => (typeof text === "string" ? s.includes(text) : text.test(s));
      if (match(output)) return Promise.resolve();
      return new Promise((resolve, reject) => {
        waiters.push({ match, resolve });
        void exited.then((end) => reject(new Error(`the worker exited before printing ${text}:\n${end.output}`)));
      });
    },
    exited,
  };
}
