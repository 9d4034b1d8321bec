import { runPartProcess } from "@chatflow/core/testing/part-process.ts";
import { testDbForFile } from "@chatflow/core/testing/test-world.ts";
import { describe, expect, it } from "vitest";
import { fakeGraphApiForFile, sentTexts } from "../testing/fake-graph-api.ts";
import { messageState, setupCloudConnection, TEST_WORKER, waitFor } from "../testing/outbound-fixtures.ts";
import { startWorker } from "../worker.ts";

const db = testDbForFile();
const fake = fakeGraphApiForFile();

describe("#outbound.worker-crash", () => {
  it("a worker killed between claim and send: the next owner sends the message exactly once", async () => {
    const c = await setupCloudConnection(db.pool);
    const id = await c.enqueue("survives a crash");
    const { exited } = runPartProcess("channel-worker", {
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
    const { child, exited } = runPartProcess("channel-worker", { DATABASE_URL: db.url, GRAPH_API_URL: fake.url });
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

  it("a second SIGTERM during the stop does not cut it short: claimed messages go back to the queue", async () => {
    const c = await setupCloudConnection(db.pool);
    const ids: string[] = [];
    for (let i = 0; i < 10; i++) ids.push(await c.enqueue(`stop-${i}`));
    // Each send takes a while, so the stop has one to finish while the second signal comes.
    fake.reply = () => ({ delayMs: 500 });
    const w = runPartProcess("channel-worker", {
      DATABASE_URL: db.url,
      GRAPH_API_URL: fake.url,
      CHATFLOW_WORKER_ID: "stopped-twice",
    });
    await waitFor(() => fake.requests.length >= 1, "a send in flight", 20_000);
    w.child.kill("SIGTERM");
    await w.printed("SIGTERM: stopping");
    w.child.kill("SIGTERM"); // as the start script does after the process group got the first one
    const end = await w.exited;
    expect(end.signal, end.output).toBeNull();
    expect(end.code, end.output).toBe(0);
    expect(end.output).toContain("SIGTERM again: still stopping");
    const { rows } = await db.pool.query<{ send_state: string; n: number }>(
      "SELECT send_state, count(*)::int AS n FROM messages WHERE company_id = $1 AND id = ANY($2) GROUP BY 1 ORDER BY 1",
      [c.companyId, ids],
    );
    // The send in flight finished; nothing is left claimed or in doubt.
    const sent = fake.requests.length;
    expect(rows).toEqual([
      { send_state: "queued", n: 10 - sent },
      { send_state: "sent", n: sent },
    ]);
  }, 40_000);
});
