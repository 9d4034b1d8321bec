// A part (core, the sync server, the channel worker) as its own process, started from its entry file as a machine
// runs it: for the tests that crash, freeze (SIGSTOP) or signal a part, or run several as separate machines would.
import { spawn } from "node:child_process";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../../..");

/** Each part's entry point. */
export const PART_ENTRIES = {
  core: path.join(root, "core/src/main.ts"),
  "sync-server": path.join(root, "sync-server/src/main.ts"),
  "channel-worker": path.join(root, "channel-worker/src/main.ts"),
} as const;

export type PartProcess = {
  child: ReturnType<typeof spawn>;
  /** Everything it printed so far (stdout and stderr). */
  output(): string;
  /** Resolves once its output contains `text` (a RegExp: answers its match); fails if the part exits first. */
  printed(text: string | RegExp): Promise<RegExpMatchArray | undefined>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; output: string }>;
};

/** Runs `entry` (a path, or one of PART_ENTRIES' names) with `env` added to this process's environment. */
export function runPartProcess(entry: string, env: Record<string, string>): PartProcess {
  const file = entry in PART_ENTRIES ? PART_ENTRIES[entry as keyof typeof PART_ENTRIES] : entry;
  const child = spawn(process.execPath, [file], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const waiters: {
    match: (s: string) => RegExpMatchArray | boolean | null;
    resolve: (m?: RegExpMatchArray) => void;
  }[] = [];
  const settle = () => {
    for (const w of [...waiters]) {
      const m = w.match(output);
      if (m) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(m === true ? undefined : (m as RegExpMatchArray));
      }
    }
  };
  const onData = (d: Buffer) => {
    output += d;
    settle();
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
      const match = (s: string) => (typeof text === "string" ? s.includes(text) : s.match(text));
      const now = match(output);
      if (now) return Promise.resolve(now === true ? undefined : (now as RegExpMatchArray));
      return new Promise((resolve, reject) => {
        waiters.push({ match, resolve });
        void exited.then((end) =>
          reject(new Error(`${path.basename(file)} exited before printing ${text}:\n${end.output}`)),
        );
      });
    },
    exited,
  };
}
