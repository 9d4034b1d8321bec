import { forFile, testDbForFile } from "@chatflow/core/testing/test-world.ts";
import { describe, expect, it } from "vitest";
import { messageState, setupCloudConnection } from "../testing/outbound-fixtures.ts";
import { giveBack, openLeaseSession, tryTake } from "./leases.ts";
import { claimBatch, markSending, markSent, recoverConnection } from "./outbound-store.ts";

const db = testDbForFile();
const lease = forFile(() => openLeaseSession(db.pool, "lease-test", 60_000), {
  stop: (session) => session.client.release(true),
});
const TTL = 60_000;
const ownerOf = (workerId: string, generation: number, companyId: number) => ({
  workerId,
  generation,
  guardMs: 1000,
  companyId,
});

describe("#outbound.lease-fence", () => {
  it("claims nothing for a worker that does not hold the connection's lease", async () => {
    const c = await setupCloudConnection(db.pool);
    const id = await c.enqueue("not yours");
    expect(await claimBatch(db.pool, c.whatsappId, ownerOf("stranger", 1, c.companyId), 10)).toEqual([]);
    expect(await messageState(db.pool, id)).toMatchObject({ send_state: "queued", claimed_by: null });
  });

  it("refuses to start a send under a generation another worker took over, and a stale claim cannot send", async () => {
    const c = await setupCloudConnection(db.pool);
    const id = await c.enqueue("fenced");
    const generation = (await tryTake(db.pool, c.whatsappId, "old-owner", lease.presenceKey, TTL))!;
    expect(generation).toBe(1);
    // Held and unexpired: nobody else may take it.
    expect(await tryTake(db.pool, c.whatsappId, "intruder", lease.presenceKey, TTL)).toBeNull();
    const owner = ownerOf("old-owner", generation, c.companyId);
    const [claimed] = await claimBatch(db.pool, c.whatsappId, owner, 10);
    expect(claimed).toMatchObject({ id, to: c.contactNumber, body: "fenced", mediaType: "chat" });

    // The lease expires with the claim in hand (the holder froze) and another worker takes it.
    await db.pool.query("UPDATE connection_leases SET expires_at = now() WHERE whatsapp_id = $1", [c.whatsappId]);
    expect(await tryTake(db.pool, c.whatsappId, "new-owner", lease.presenceKey, TTL)).toBe(2);
    expect(await markSending(db.pool, id, c.whatsappId, owner)).toBe("lease-lost");
    expect(await messageState(db.pool, id)).toMatchObject({ send_state: "claimed", send_attempts: 0 });

    // The next owner puts it back; the old claim is then simply gone.
    expect(await recoverConnection(db.pool, { id: c.whatsappId, companyId: c.companyId })).toEqual({
      requeued: 1,
      inDoubt: 0,
    });
    expect(await markSending(db.pool, id, c.whatsappId, owner)).toBe("gone");
    expect(await messageState(db.pool, id)).toMatchObject({ send_state: "queued", claimed_by: null });
    // Giving back under the old generation changes nothing: the new owner keeps it.
    await giveBack(db.pool, c.whatsappId, owner);
    expect(await tryTake(db.pool, c.whatsappId, "third", lease.presenceKey, TTL)).toBeNull();
  });

  it("refuses a send when the lease has less than the send guard to run, though it is still held", async () => {
    const c = await setupCloudConnection(db.pool);
    const id = await c.enqueue("too late");
    const generation = (await tryTake(db.pool, c.whatsappId, "hurried", lease.presenceKey, TTL))!;
    const owner = ownerOf("hurried", generation, c.companyId);
    await claimBatch(db.pool, c.whatsappId, owner, 10);
    await db.pool.query("UPDATE connection_leases SET expires_at = now() + interval '500 ms' WHERE whatsapp_id = $1", [
      c.whatsappId,
    ]);
    expect(await markSending(db.pool, id, c.whatsappId, owner)).toBe("lease-lost");
  });

  it("frees a lease whose holder's presence lock is gone (a crashed worker), at once", async () => {
    const c = await setupCloudConnection(db.pool);
    const dead = await openLeaseSession(db.pool, "doomed", TTL);
    expect(await tryTake(db.pool, c.whatsappId, "doomed", dead.presenceKey, TTL)).toBe(1);
    expect(await tryTake(db.pool, c.whatsappId, "heir", lease.presenceKey, TTL)).toBeNull();
    dead.client.release(true); // its session ends: the presence lock goes with it
    let taken: number | null = null;
    for (let i = 0; i < 100 && taken === null; i++) {
      taken = await tryTake(db.pool, c.whatsappId, "heir", lease.presenceKey, TTL);
      if (taken === null) await new Promise((r) => setTimeout(r, 20)); // the backend's exit is asynchronous
    }
    expect(taken).toBe(2);
  });

  it("records a send that completes after a new owner judged it in doubt", async () => {
    const c = await setupCloudConnection(db.pool);
    const id = await c.enqueue("late answer");
    const generation = (await tryTake(db.pool, c.whatsappId, "slow-owner", lease.presenceKey, TTL))!;
    const owner = ownerOf("slow-owner", generation, c.companyId);
    await claimBatch(db.pool, c.whatsappId, owner, 10);
    expect(await markSending(db.pool, id, c.whatsappId, owner)).toBe("sending");
    await giveBack(db.pool, c.whatsappId, owner);
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
