// The lease keeper started alone on a real database: it takes a free lease, renews it on its heartbeat, gives it
// back (free at once for another worker), and reports a lease another worker took as lost.
import { buildCompany, buildWhatsapp } from "@chatflow/core/testing/factories.ts";
import { testDbForFile } from "@chatflow/core/testing/test-world.ts";
import { describe, expect, it, onTestFinished } from "vitest";
import { type LeaseKeeper, startLeaseKeeper } from "./lease-keeper.ts";
import { waitFor } from "./testing/outbound-fixtures.ts";

const db = testDbForFile();
const TIMINGS = { ttlMs: 3000, heartbeatMs: 200, sendGuardMs: 300 };

function keeper(workerId: string, lost: number[] = []): LeaseKeeper {
  const k = startLeaseKeeper({
    pool: db.pool,
    workerId,
    timings: TIMINGS,
    channels: [],
    onNotification: () => {},
    onLeaseLost: (id) => lost.push(id),
    onSessionLost: async () => {},
    onWorkerGone: () => {},
    log: () => {},
  });
  onTestFinished(() => k.stop());
  return k;
}

async function connection(): Promise<number> {
  const company = await buildCompany(db.pool);
  return (await buildWhatsapp(db.pool, { companyId: company.id, channel: "whatsapp" })).id;
}

async function leaseRow(whatsappId: number) {
  const { rows } = await db.pool.query<{ holder: string; generation: number; expires: number; given_back: boolean }>(
    `SELECT holder, generation::int, (extract(epoch FROM expires_at) * 1000)::float8 AS expires,
       expires_at = '-infinity' AS given_back FROM connection_leases WHERE whatsapp_id = $1`,
    [whatsappId],
  );
  return rows[0]!;
}

describe("#lease-keeper", () => {
  it("takes a free lease, renews it on its heartbeat and gives it back for another worker to take", async () => {
    const id = await connection();
    const a = keeper("keeper-a");
    const lease = await a.take(id);
    expect(lease).toMatchObject({ whatsappId: id, workerId: "keeper-a", generation: 1 });
    expect(a.valid(lease!)).toBe(true);
    const taken = await leaseRow(id);
    expect(taken).toMatchObject({ holder: "keeper-a", generation: 1, given_back: false });

    // Held by a live worker: nobody else takes it.
    const b = keeper("keeper-b");
    expect(await b.take(id)).toBeNull();

    await waitFor(async () => (await leaseRow(id)).expires > taken.expires, "the heartbeat to renew the lease");

    await a.release(lease!);
    expect(await leaseRow(id)).toMatchObject({ holder: "keeper-a", given_back: true });
    expect(await b.take(id)).toMatchObject({ workerId: "keeper-b", generation: 2 });
  });

  it("reports a lease another worker took as lost, and stops renewing it once released", async () => {
    const id = await connection();
    const lost: number[] = [];
    const a = keeper("keeper-c", lost);
    const lease = await a.take(id);
    await db.pool.query(
      "UPDATE connection_leases SET holder = 'someone-else', generation = generation + 1 WHERE whatsapp_id = $1",
      [id],
    );
    await waitFor(() => lost.includes(id), "the keeper to report the lease lost");
    await a.release(lease!);
    // The release names our generation: the other worker's lease is left as it is.
    expect(await leaseRow(id)).toMatchObject({ holder: "someone-else", generation: 2, given_back: false });
  });
});
