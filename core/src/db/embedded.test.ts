import { execFile } from "node:child_process";
import { chmod, mkdtemp, rm } from "node:fs/promises";
import { createConnection } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it, vi } from "vitest";

const embedded = path.join(import.meta.dirname, "embedded.ts");

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

describe("embedded PostgreSQL", () => {
  it("does not outlive a process that crashes without stopping it", { timeout: 120_000 }, async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "chatflow-embedded-"));
    await chmod(dir, 0o755);
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
      await rm(dir, { recursive: true, force: true });
    }
  });
});
