import { buildCompany } from "@chatflow/core/testing/factories.ts";
import { testDbForFile } from "@chatflow/core/testing/test-world.ts";
import { describe, expect, it } from "vitest";
import { fakeGraphApiForFile } from "../testing/fake-graph-api.ts";
import { type CloudSetup, setupCloudConnection, TEST_WORKER, waitFor } from "../testing/outbound-fixtures.ts";
import { startWorker, type Worker } from "../worker.ts";
import { WORKER_LOCKS } from "./leases.ts";

const db = testDbForFile();
const fake = fakeGraphApiForFile();

const CONNECTIONS = 4;
const PER_CONNECTION = 25;

describe("#outbound.several-workers", () => {
  it("two workers share the connections and never send the same message twice, even across a handover", async () => {
    const connections: CloudSetup[] = [];
    const company = await buildCompany(db.pool);
    for (let i = 0; i < CONNECTIONS; i++) {
      connections.push(await setupCloudConnection(db.pool, { companyId: company.id }));
    }
    // A little latency so that sends are in flight when a worker leaves.
    fake.reply = () => ({ delayMs: 3 });
    const start = (workerId: string) =>
      startWorker({ databaseUrl: db.url, graphApiUrl: fake.url, workerId, batchSize: 5, ...TEST_WORKER });
    const workers: Worker[] = await Promise.all([start("worker-a"), start("worker-b")]);
    const [a, b] = workers as [Worker, Worker];
    // Each takes its fair share, none held twice.
    await waitFor(() => a.owned().length === 2 && b.owned().length === 2, "the connections to be shared");
    expect(new Set([...a.owned(), ...b.owned()]).size).toBe(CONNECTIONS);

    const expected = new Map<string, string[]>(); // phone number id -> texts in enqueue order
    const ids: string[] = [];
    for (let i = 0; i < PER_CONNECTION; i++) {
      for (const c of connections) {
        const text = `c${c.whatsappId}-m${i}`;
        ids.push(await c.enqueue(text));
        expected.set(c.phoneNumberId, [...(expected.get(c.phoneNumberId) ?? []), text]);
      }
      // Half way through, one worker leaves: the other takes its connections over.
      if (i === Math.floor(PER_CONNECTION / 2)) await a.stop();
    }
    const total = CONNECTIONS * PER_CONNECTION;
    await waitFor(
      async () => {
        const { rows } = await db.pool.query("SELECT count(*)::int AS n FROM messages WHERE send_state = 'sent'");
        return rows[0].n === total;
      },
      "every message to be sent",
      20_000,
    );
    await waitFor(() => b.owned().length === CONNECTIONS, "the remaining worker to hold every connection");
    await b.stop();

    // Every message reached the Graph API exactly once...
    const counts = new Map<string, number>();
    for (const r of fake.requests) {
      const text = r.body.text?.body ?? "";
      counts.set(text, (counts.get(text) ?? 0) + 1);
    }
    expect(fake.requests).toHaveLength(total);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    // ...in order per connection...
    for (const [phoneNumberId, texts] of expected) {
      const got = fake.requests.filter((r) => r.phoneNumberId === phoneNumberId).map((r) => r.body.text?.body);
      expect(got).toEqual(texts);
    }
    // ...with its own wamid, and both workers did part of the work.
    const { rows } = await db.pool.query(
      "SELECT count(DISTINCT remote_id)::int AS wamids, array_agg(DISTINCT claimed_by) AS workers FROM messages WHERE id = ANY($1)",
      [ids],
    );
    expect(rows[0].wamids).toBe(total);
    expect(rows[0].workers.sort()).toEqual(["worker-a", "worker-b"]);
  }, 40_000);

  it("a worker whose lease session dies stops sending; the new owner sends the rest, none twice", async () => {
    const c = await setupCloudConnection(db.pool);
    fake.requests.length = 0;
    fake.reply = () => ({ delayMs: 20 });
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) ids.push(await c.enqueue(`lease-${i}`));
    const start = (workerId: string) =>
      startWorker({ databaseUrl: db.url, graphApiUrl: fake.url, workerId, batchSize: 5, ...TEST_WORKER });
    const a = await start("worker-c");
    await waitFor(() => fake.requests.length >= 3, "a few sends");
    // The lease session dies under a live worker (network cut, admin kill): its presence lock is gone.
    const killed = await db.pool.query(
      `SELECT pg_terminate_backend(pid) FROM pg_locks WHERE locktype = 'advisory' AND classid = $1::bigint::oid
         AND objid = (SELECT presence_key FROM channel_workers WHERE worker_id = 'worker-c')::bigint::oid
         AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
      [WORKER_LOCKS],
    );
    expect(killed.rowCount).toBe(1);
    const b = await start("worker-d");
    try {
      await waitFor(
        async () => {
          const { rows } = await db.pool.query(
            "SELECT count(*)::int AS n FROM messages WHERE id = ANY($1) AND send_state IN ('sent', 'failed')",
            [ids],
          );
          return rows[0].n === ids.length;
        },
        "every message to be settled",
        20_000,
      );
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
    const texts = fake.requests.map((r) => r.body.text?.body);
    expect(new Set(texts).size).toBe(texts.length);
    // A send in flight at the cut is judged in doubt by the new owner, then corrected by the old one.
    const { rows } = await db.pool.query(
      "SELECT send_state, count(*)::int AS n FROM messages WHERE id = ANY($1) GROUP BY 1",
      [ids],
    );
    expect(rows).toEqual([{ send_state: "sent", n: 20 }]);
    expect(texts).toHaveLength(20);
  }, 40_000);
});
