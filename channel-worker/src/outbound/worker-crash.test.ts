import { spawn } from "node:child_process";
import path from "node:path";
import { testDbForFile } from "@chatflow/core/testing/test-world.ts";
import { describe, expect, it } from "vitest";
import { fakeGraphApiForFile, sentTexts } from "../testing/fake-graph-api.ts";
import { messageState, setupCloudConnection, TEST_WORKER, waitFor } from "../testing/outbound-fixtures.ts";
import { startWorker } from "../worker.ts";

const MAIN = path.resolve(import.meta.dirname, "../main.ts");

const db = testDbForFile();
const fake = fakeGraphApiForFile();

/** Runs channel-worker/src/main.ts as its own process; resolves with how it ended. */
function runWorkerProcess(env: Record<string, string>) {
  const child = spawn(process.execPath, [MAIN], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (d) => {
    output += d;
  });
  child.stderr.on("data", (d) => {
    output += d;
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; output: string }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal, output })),
  );
  return { child, exited };
}

describe("#outbound.worker-crash", () => {
  it("a worker killed between claim and send: the next owner sends the message exactly once", async () => {
    const c = await setupCloudConnection(db.pool);
    const id = await c.enqueue("survives a crash");
    const { exited } = runWorkerProcess({
      DATABASE_URL: db.url,
      GRAPH_API_URL: fake.url,
      CHATFLOW_FAULT: "exit-after-claim",
      CHATFLOW_WORKER_ID: "doomed-worker",
    });
    const end = await exited;
    expect(end.signal, end.output).toBe("SIGKILL");
    // It died with the claim committed and nothing sent.
    expect(await messageState(db.pool, id)).toMatchObject({ send_state: "claimed", claimed_by: "doomed-worker" });
    expect(fake.requests).toHaveLength(0);

    const worker = await startWorker({ databaseUrl: db.url, graphApiUrl: fake.url, ...TEST_WORKER });
    try {
      const m = await waitFor(async () => {
        const s = await messageState(db.pool, id);
        return s.send_state === "sent" ? s : null;
      }, "the message to be sent by the new owner");
      expect(m).toMatchObject({ ack: 1, remote_id: "wamid.FAKE1", claimed_by: worker.workerId, send_attempts: 1 });
      await worker.drained();
      expect(sentTexts(fake)).toEqual(["survives a crash"]);
    } finally {
      await worker.stop();
    }
  }, 30_000);

  it("stops cleanly on SIGTERM and gives the connection back", async () => {
    const c = await setupCloudConnection(db.pool);
    const { child, exited } = runWorkerProcess({ DATABASE_URL: db.url, GRAPH_API_URL: fake.url });
    const before = fake.requests.length;
    const id = await c.enqueue("sent by the process");
    await waitFor(async () => (await messageState(db.pool, id)).send_state === "sent", "the process to send");
    child.kill("SIGTERM");
    const end = await exited;
    expect(end.code, end.output).toBe(0);
    expect(fake.requests.length - before).toBe(1);
    // Its lease went with it: another worker takes the connection at once.
    const worker = await startWorker({ databaseUrl: db.url, graphApiUrl: fake.url, ...TEST_WORKER });
    try {
      expect(worker.owned()).toContain(c.whatsappId);
    } finally {
      await worker.stop();
    }
  }, 30_000);
});
