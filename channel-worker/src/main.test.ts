import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const main = path.join(import.meta.dirname, "main.ts");

/** Starts the worker's entry point with `env` and answers how it ended (it must end before connecting). */
async function start(env: Record<string, string>) {
  try {
    await promisify(execFile)(process.execPath, [main], {
      env: { ...process.env, DATABASE_URL: "postgres://nobody@127.0.0.1:1/none", ...env },
      timeout: 20_000,
    });
    return { code: 0, lines: [] };
  } catch (err) {
    const e = err as { code: number; stdout: string };
    // The worker's log: JSON lines (pino) on stdout.
    const lines = e.stdout
      .split("\n")
      .filter((l) => l.startsWith("{"))
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    return { code: e.code, lines };
  }
}

describe("channel-worker settings", () => {
  it("refuses settings that are not whole numbers, naming the setting in a fatal log line", async () => {
    for (const [name, value] of [
      ["TICKETS_AUTO_CLOSE_HOURS", "1.5"],
      ["TICKETS_AUTO_CLOSE_HOURS", "soon"],
      ["TICKETS_AUTO_CLOSE_HOURS", "-1"],
      ["CHATFLOW_JOB_INTERVAL_MS", "0"],
      ["CHATFLOW_POLL_MS", "abc"],
    ] as const) {
      const res = await start({ [name]: value });
      expect(res.code).toBe(1);
      // One fatal line of the structured log, naming the setting and the value refused.
      expect(res.lines).toContainEqual(
        expect.objectContaining({
          level: "fatal",
          part: "channel-worker",
          setting: name,
          value,
          msg: expect.stringContaining(`${name} must be a whole number`),
        }),
      );
    }
  });
});
