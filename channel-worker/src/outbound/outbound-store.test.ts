import { forFile, testDbForFile } from "@chatflow/core/testing/test-world.ts";
import { describe, expect, it } from "vitest";
import { messageState, setupCloudConnection } from "../testing/outbound-fixtures.ts";
import { openLeaseSession, release, tryAcquire } from "./leases.ts";
import { claimBatch, markSending, markSent, recoverConnection } from "./outbound-store.ts";

const db = testDbForFile();
const lease = forFile(() => openLeaseSession(db.pool), { stop: (session) => session.client.release(true) });

describe("#outbound.lease-fence", () => {
  it("claims nothing for a worker that does not hold the connection's lease", async () => {
    const c = await setupCloudConnection(db.pool);
    const id = await c.enqueue("not yours");
    const stranger = { workerId: "stranger", leasePid: lease.pid, companyId: c.companyId };
    expect(await claimBatch(db.pool, c.whatsappId, stranger, 10)).toEqual([]);
    expect(await messageState(db.pool, id)).toMatchObject({ send_state: "queued", claimed_by: null });
  });

  it("refuses to start a send after the lease is gone, and a stale claim cannot send after takeover", async () => {
    const c = await setupCloudConnection(db.pool);
    const id = await c.enqueue("fenced");
    const owner = { workerId: "old-owner", leasePid: lease.pid, companyId: c.companyId };
    expect(await tryAcquire(lease, c.whatsappId)).toBe(true);
    const [claimed] = await claimBatch(db.pool, c.whatsappId, owner, 10);
    expect(claimed).toMatchObject({ id, to: c.contactNumber, body: "fenced", mediaType: "chat" });

    await release(lease, c.whatsappId); // the lease is lost with the claim in hand
    expect(await markSending(db.pool, id, c.whatsappId, owner)).toBe("lease-lost");
    expect(await messageState(db.pool, id)).toMatchObject({ send_state: "claimed", send_attempts: 0 });

    // The next owner puts it back; the old claim is then simply gone.
    expect(await recoverConnection(db.pool, { id: c.whatsappId, companyId: c.companyId })).toEqual({
      requeued: 1,
      inDoubt: 0,
    });
    expect(await tryAcquire(lease, c.whatsappId)).toBe(true);
    expect(await markSending(db.pool, id, c.whatsappId, owner)).toBe("gone");
    expect(await messageState(db.pool, id)).toMatchObject({ send_state: "queued", claimed_by: null });
    await release(lease, c.whatsappId);
  });

  it("records a send that completes after a new owner judged it in doubt", async () => {
    const c = await setupCloudConnection(db.pool);
    const id = await c.enqueue("late answer");
    const owner = { workerId: "slow-owner", leasePid: lease.pid, companyId: c.companyId };
    await tryAcquire(lease, c.whatsappId);
    await claimBatch(db.pool, c.whatsappId, owner, 10);
    expect(await markSending(db.pool, id, c.whatsappId, owner)).toBe("sending");
    await release(lease, c.whatsappId);
    expect(await recoverConnection(db.pool, { id: c.whatsappId, companyId: c.companyId })).toEqual({
      requeued: 0,
      inDoubt: 1,
    });
    expect(await messageState(db.pool, id)).toMatchObject({ send_state: "failed", ack: -1 });
    // The request had gone out after all: the truth replaces the doubt.
    expect(await markSent(db.pool, id, "wamid.LATE", owner)).toBe(true);
    expect(await messageState(db.pool, id)).toMatchObject({
      send_state: "sent",
      ack: 1,
      remote_id: "wamid.LATE",
      error_code: null,
    });
  });
});
