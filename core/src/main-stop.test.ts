// `node core/src/main.ts` stopped while its database hangs: the drain is bounded by DRAIN_TIMEOUT_MS, and the
// clean-up after it (the pool's connections, the import workers' polls) by STOP_GRACE_MS, past which the process
// exits with status 1 and says why, instead of living on with its port closed (a fresh-clone CI run kept such a
// core for ever after scripts/start.test.ts cut its embedded PostgreSQL).
import { spawn } from "node:child_process";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, it } from "vitest";
import { forFile } from "./testing/for-file.ts";
import { relay } from "./testing/relays.ts";
import { createMigratedDatabase } from "./testing/test-db.ts";

const MAIN = path.join(import.meta.dirname, "main.ts");

const db = forFile(createMigratedDatabase, { stop: (d) => d.drop(), timeout: 60_000 });

it("exits with status 1 past its bound when the database stops answering mid-stop", { timeout: 90_000 }, async () => {
  const url = new URL(db.url);
  const link = await relay({ host: url.hostname, port: Number(url.port || 5432) });
  url.port = String(link.port);
  const child = spawn(process.execPath, [MAIN], {
    env: {
      ...process.env,
      DATABASE_URL: url.toString(),
      PORT: "0",
      DATA_DIR: await mkdtemp(path.join(tmpdir(), "chatflow-stop-")),
      PWA_DIR: "/nonexistent",
      DRAIN_TIMEOUT_MS: "200",
      STOP_GRACE_MS: "1500",
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  let out = "";
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  try {
    await new Promise<void>((resolve, reject) => {
      child.stdout!.on("data", (c: Buffer) => {
        out += c.toString();
        if (out.includes("core listening on")) resolve();
      });
      exited.then((code) => reject(new Error(`core exited ${code}: ${out}`)));
    });
    // A request proves the pool holds live connections through the relay.
    const base = out.match(/core listening on (http:\/\/[^\s"]+)/)![1]!;
    expect((await fetch(`${base}/readyz`)).status).toBe(200);

    link.freeze();
    const asked = Date.now();
    child.kill("SIGTERM");
    expect(await exited).toBe(1);
    const took = Date.now() - asked;
    expect(took).toBeGreaterThanOrEqual(1_500);
    expect(took).toBeLessThan(20_000);
    expect(out).toContain("core did not stop in time");
  } finally {
    if (child.exitCode === null) child.kill("SIGKILL");
    await link.cut();
  }
});
