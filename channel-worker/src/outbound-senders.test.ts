// The outbound senders started alone on a real database, under a lease taken by hand: a woken sender sends its
// connection's queued message through the adapter and records it sent; a stopped one is forgotten.
import { testDbForFile } from "@chatflow/core/testing/test-world.ts";
import { describe, expect, it, onTestFinished } from "vitest";
import { openLeaseSession, tryTake } from "./outbound/leases.ts";
import { outboundSenders } from "./outbound-senders.ts";
import { fakeAdapter } from "./testing/fake-adapter.ts";
import { messageState, setupCloudConnection, waitFor } from "./testing/outbound-fixtures.ts";

const db = testDbForFile();

describe("#outbound-senders", () => {
  it("sends a connection's queued message once woken, and forgets the connection on stop", async () => {
    const setup = await setupCloudConnection(db.pool);
    const session = await openLeaseSession(db.pool, "senders-a", 10_000);
    onTestFinished(() => session.client.release(true));
    const generation = (await tryTake(db.pool, setup.whatsappId, "senders-a", session.presenceKey, 10_000))!;
    const lease = { whatsappId: setup.whatsappId, workerId: "senders-a", generation, validUntil: Infinity };
    const adapter = fakeAdapter({ id: setup.whatsappId });
    const senders = outboundSenders({ pool: db.pool, sendGuardMs: 1000, log: () => {} });
    senders.start({
      whatsappId: setup.whatsappId,
      companyId: setup.companyId,
      adapter,
      lease,
      leaseValid: () => true,
      onLeaseLost: () => {},
    });
    onTestFinished(() => senders.stop(setup.whatsappId));

    const id = await setup.enqueue("Olá from the senders");
    expect(senders.wake(setup.whatsappId)).toBe(true);
    await waitFor(async () => (await messageState(db.pool, id)).send_state === "sent", "the message to be sent");
    expect(await messageState(db.pool, id)).toMatchObject({ remote_id: `wamid.FAKE-${id}`, claimed_by: "senders-a" });
    await senders.drained();
    expect(adapter.calls).toEqual([`send ${setup.whatsappId} Olá from the senders`]);

    await senders.stop(setup.whatsappId);
    expect(senders.wake(setup.whatsappId)).toBe(false);
  });
});
