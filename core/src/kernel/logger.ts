// The one logger of every part (issue 23, decision 0096): pino, JSON lines on stdout with time, level, part and
// version, and whatever the call adds (request id, company id, worker id...). `npm start` renders them readable in
// the terminal (pino-pretty, in the launcher); a deployment ships the JSON to its log store as it is.
//   LOG_LEVEL  trace, debug, info (default), warn, error, fatal or silent
import pino, { type Logger } from "pino";
import { LineBuffer } from "./line-buffer.ts";
import { VERSION } from "./version.ts";

const LEVELS = new Set(["trace", "debug", "info", "warn", "error", "fatal", "silent"]);

function levelFrom(env: NodeJS.ProcessEnv): string {
  const wanted = env.LOG_LEVEL?.toLowerCase();
  if (wanted && LEVELS.has(wanted)) return wanted;
  return "info";
}

/** The part this process runs, from its entry file (core/…/main.js, sync-server/…, channel-worker/…). */
function partOf(entry = process.argv[1] ?? ""): string {
  if (/channel-worker/.test(entry)) return "channel-worker";
  if (/sync-server/.test(entry)) return "sync-server";
  if (/core[\\/]/.test(entry)) return "core";
  return "chatflow";
}

/**
 * Where the lines go: stdout through a buffer (LineBuffer) that writes once 32 KiB have gathered or 250 ms have passed,
 * so the access log's line per request costs an append, not a write call; whatever is left is written when the
 * process exits. A test captures the lines instead (captureLogs).
 */
const stdout = new LineBuffer(1);
setInterval(() => stdout.flush(), 250).unref();
process.once("exit", () => {
  try {
    stdout.flushSync();
  } catch {
    /* stdout already gone */
  }
});
let sink: (line: string) => void = (line) => {
  stdout.push(line);
};

/**
 * The process's logger. Import it anywhere (`logger.warn({ companyId }, "…")`). Errors go under `err` (pino's
 * serializer keeps message, code and stack).
 */
export const logger: Logger = pino(
  {
    level: levelFrom(process.env),
    base: { part: partOf(), version: VERSION },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
  },
  { write: (line: string) => sink(line) },
);

/** The lines logged meanwhile, parsed (tests); `restore` puts stdout back. */
export function captureLogs(): { lines: Record<string, unknown>[]; restore(): void } {
  const lines: Record<string, unknown>[] = [];
  const before = sink;
  sink = (line) => {
    lines.push(JSON.parse(line) as Record<string, unknown>);
  };
  return {
    lines,
    restore: () => {
      sink = before;
    },
  };
}
