// A Cloud API connection's state as the worker finds it (issue 22; decision 0093), against the Graph API stand-in on
// loopback answering as Meta's "Handling Errors" guide shows: the token's check at take-over writes CONNECTED; a send
// refused with 190 (463 expired, 460 revoked) writes DISCONNECTED with the reason and keeps the message queued (it
// goes out once the token works again); an idle connection's token is checked again now and then, so a revoked one
// reads down with no send; a Graph API unreachable for a while reads graph-unreachable; a worker that lost the lease
// writes nothing.
import { OUTBOUND_CHANNEL } from "@chatflow/core/contract/topics.ts";
import { graphConnection } from "@chatflow/core/meta/graph-connection.ts";
import { testDbForFile } from "@chatflow/core/testing/test-world.ts";
import { afterEach, describe, expect, it } from "vitest";
import type { ChannelConnection, ConnectionStatus, StatusProblem } from "./adapters/adapter.ts";
import { connectionStateWriter } from "./connection-state-writer.ts";
import { fakeGraphApiForFile, startFakeGraphApi } from "./testing/fake-graph-api.ts";
import { messageState, setupCloudConnection, TEST_WORKER, waitFor } from "./testing/outbound-fixtures.ts";
import { startWorker, type Worker } from "./worker.ts";

const db = testDbForFile();
const fake = fakeGraphApiForFile();
let worker: Worker | undefined;

afterEach(async () => {
  await worker?.stop();
  worker = undefined;
  await fake.reopen();
});

type Row = { status: string; status_reason: { reason: string; detail: string; since: string } | null };
const row = async (id: number): Promise<Row> =>
  (await db.pool.query<Row>("SELECT status, status_reason FROM whatsapps WHERE id = $1", [id])).rows[0]!;

const start = () => startWorker({ databaseUrl: db.url, graphApiUrl: fake.url, ...TEST_WORKER });

describe("#worker Cloud API connection state", () => {
  it("checks the token when it takes the connection and writes CONNECTED", async () => {
    const c = await setupCloudConnection(db.pool);
    await db.pool.query("UPDATE whatsapps SET status = 'DISCONNECTED' WHERE id = $1", [c.whatsappId]);
    worker = await start();
    await waitFor(async () => (await row(c.whatsappId)).status === "CONNECTED", "the connection to read CONNECTED");
    expect(fake.checks).toContain(`/v21.0/${c.phoneNumberId}?fields=id|Bearer ${c.accessToken}`);
    expect((await row(c.whatsappId)).status_reason).toBeNull();
  });

  it("a 190/463 refusal reads token-expired and keeps the message queued; it goes out once the token works", async () => {
    const c = await setupCloudConnection(db.pool);
    worker = await start();
    await waitFor(async () => (await row(c.whatsappId)).status === "CONNECTED", "the connection to read CONNECTED");
    fake.revoke(c.accessToken, 463);
    const id = await c.enqueue("Olá");
    const down = await waitFor(async () => {
      const r = await row(c.whatsappId);
      return r.status === "DISCONNECTED" ? r : null;
    }, "the connection to read DISCONNECTED");
    expect(down.status_reason).toMatchObject({ reason: "token-expired", retryAt: null });
    expect(down.status_reason!.detail).toContain("code 190/463");
    expect(await messageState(db.pool, id)).toMatchObject({ ack: 0, remote_id: null });
    expect((await messageState(db.pool, id)).send_state).not.toBe("failed");

    fake.reset(); // the admin fixed the token at Meta
    await db.pool.query("SELECT pg_notify($1, $2)", [OUTBOUND_CHANNEL, String(c.whatsappId)]);
    await waitFor(async () => (await messageState(db.pool, id)).send_state === "sent", "the message to go out");
    await waitFor(async () => (await row(c.whatsappId)).status === "CONNECTED", "the connection to read CONNECTED");
    expect((await row(c.whatsappId)).status_reason).toBeNull();
  });

  it("a 190/460 at the token's check reads token-revoked", async () => {
    const c = await setupCloudConnection(db.pool);
    fake.revoke(c.accessToken, 460);
    worker = await start();
    const down = await waitFor(async () => {
      const r = await row(c.whatsappId);
      return r.status === "DISCONNECTED" ? r : null;
    }, "the connection to read DISCONNECTED");
    expect(down.status_reason).toMatchObject({ reason: "token-revoked" });
  });
});

describe("#worker idle Graph connections' token check", () => {
  it("finds an idle connection's revoked token (190) with no send, marks it down with the reason, and up once it works", async () => {
    const c = await setupCloudConnection(db.pool);
    worker = await startWorker({ databaseUrl: db.url, graphApiUrl: fake.url, ...TEST_WORKER, graphTokenCheckMs: 300 });
    await waitFor(async () => (await row(c.whatsappId)).status === "CONNECTED", "the connection to read CONNECTED");
    // Revoked at Meta while nothing is sent: Meta tells nobody, only the periodic check can find it.
    fake.revoke(c.accessToken, 460);
    const down = await waitFor(async () => {
      const r = await row(c.whatsappId);
      return r.status === "DISCONNECTED" ? r : null;
    }, "the idle connection to read DISCONNECTED");
    expect(down.status_reason).toMatchObject({ reason: "token-revoked", retryAt: null });
    expect(down.status_reason!.detail).toContain("code 190/460");
    expect(fake.requests).toEqual([]); // found without a send
    fake.reset(); // the admin fixed the token at Meta
    await waitFor(async () => (await row(c.whatsappId)).status === "CONNECTED", "the connection to read CONNECTED");
    expect((await row(c.whatsappId)).status_reason).toBeNull();
    // At most once per interval: about a second of checks every 300 ms, never a tight loop (the worker also holds
    // the connections of this file's earlier tests: only this one's are counted).
    const mine = () => fake.checks.filter((k) => k.startsWith(`/v21.0/${c.phoneNumberId}?`)).length;
    const before = mine();
    await new Promise((r) => setTimeout(r, 1000));
    expect(mine() - before).toBeLessThanOrEqual(4);
  });

  it("leaves a connection that keeps calling the Graph API unchecked, and checks it once it goes idle", async () => {
    const connection: ChannelConnection = {
      id: 1,
      companyId: 1,
      name: "c",
      channel: "whatsappapi",
      phoneNumberId: "106540352242922",
      accessToken: "busy-token",
      token: null,
    };
    const graph = { url: fake.url, version: "v21.0", timeoutMs: 2000 };
    const { call, lifecycle } = graphConnection(connection, { onStatus: () => {} }, { graph, tokenCheckEveryMs: 250 });
    await lifecycle.start();
    await waitFor(async () => fake.checks.length === 1 || null, "the check at start");
    for (let i = 0; i < 10; i++) {
      await call(`${fake.url}/v21.0/${connection.phoneNumberId}/messages`, JSON.stringify({ to: "5511" }), 1000);
      await new Promise((r) => setTimeout(r, 60));
    }
    expect(fake.checks).toHaveLength(1); // busy: its calls prove the token
    await waitFor(async () => fake.checks.length === 2 || null, "the check once idle");
    await lifecycle.stop();
    const after = fake.checks.length;
    await new Promise((r) => setTimeout(r, 600));
    expect(fake.checks).toHaveLength(after); // stopped: no more checks
  });
});

describe("#graphConnection unreachable", () => {
  const connection: ChannelConnection = {
    id: 1,
    companyId: 1,
    name: "c",
    channel: "whatsappapi",
    phoneNumberId: "1",
    accessToken: "t",
    token: null,
  };

  it("reads down only once the Graph API stayed unreachable for the time allowed, and up at the next answer", async () => {
    const told: [ConnectionStatus, StatusProblem | undefined][] = [];
    let clock = 0;
    const { call } = graphConnection(
      connection,
      { onStatus: (s, d) => told.push([s, d?.problem]) },
      { unreachableAfterMs: 60_000, now: () => clock },
    );
    // A stand-in that closed its port: every connect is refused (the request never left).
    const closed = await startFakeGraphApi();
    await closed.close();
    const url = closed.url;
    await expect(call(`${url}/v21.0/1/messages`, "{}", 1000)).rejects.toMatchObject({
      kind: "retryable-not-delivered",
    });
    clock = 30_000;
    await expect(call(`${url}/v21.0/1/messages`, "{}", 1000)).rejects.toThrow();
    expect(told).toEqual([]);
    clock = 60_000;
    await expect(call(`${url}/v21.0/1/messages`, "{}", 1000)).rejects.toThrow();
    expect(told).toEqual([["DISCONNECTED", expect.objectContaining({ reason: "graph-unreachable" })]]);
    await call(`${fake.url}/v21.0/1/messages`, JSON.stringify({ to: "5511" }), 1000);
    expect(told.at(-1)).toEqual(["CONNECTED", undefined]);
  });
});

describe("#connectionStateWriter", () => {
  it("writes nothing once the lease is another worker's", async () => {
    const c = await setupCloudConnection(db.pool);
    await db.pool.query(
      `INSERT INTO connection_leases (whatsapp_id, holder, presence_key, generation, expires_at)
       VALUES ($1, 'other-worker', 1, 7, now() + interval '1 hour')`,
      [c.whatsappId],
    );
    const writer = connectionStateWriter({
      pool: db.pool,
      owner: { companyId: c.companyId, whatsappId: c.whatsappId },
      lease: { workerId: "stale-worker", generation: 6 },
      log: () => {},
    });
    await writer.write("DISCONNECTED", { reason: "token-revoked", detail: "x" });
    expect(await row(c.whatsappId)).toEqual({ status: "CONNECTED", status_reason: null });
  });
});
