// The outbound senders started alone on a real database, under a lease taken by hand: a woken sender sends its
// connection's queued message through the adapter and records it sent; a stopped one is forgotten; a delete the
// channel keeps refusing is given up and said so, and never holds the sends behind it.
import { testDbForFile } from "@chatflow/core/testing/test-world.ts";
import { describe, expect, it, onTestFinished } from "vitest";
import type { ChannelAdapter } from "./adapters/adapter.ts";
import { openLeaseSession, tryTake } from "./outbound/leases.ts";
import { MAX_AMEND_ATTEMPTS } from "./outbound/outbound-store.ts";
import { outboundSenders } from "./outbound-senders.ts";
import { type FakeAdapter, fakeAdapter } from "./testing/fake-adapter.ts";
import { messageState, setupCloudConnection, waitFor } from "./testing/outbound-fixtures.ts";

const db = testDbForFile();

type Setup = Awaited<ReturnType<typeof setupCloudConnection>>;

/**
 * A Cloud API connection whose lease `workerId` holds (taken by hand), and the senders started on it with `adapter`
 * (a fake one by default); both are let go when the test ends.
 */
async function sendersOn<A extends ChannelAdapter = FakeAdapter>(
  workerId: string,
  o: { adapter?: (setup: Setup) => A; backoff?: { minMs: number; maxMs: number } } = {},
) {
  const setup = await setupCloudConnection(db.pool);
  const session = await openLeaseSession(db.pool, workerId, 10_000);
  onTestFinished(() => session.client.release(true));
  const generation = (await tryTake(db.pool, setup.whatsappId, workerId, session.presenceKey, 10_000))!;
  const lease = { whatsappId: setup.whatsappId, workerId, generation, validUntil: Infinity };
  const adapter = (o.adapter?.(setup) ?? fakeAdapter({ id: setup.whatsappId })) as A;
  const senders = outboundSenders({ pool: db.pool, sendGuardMs: 1000, backoff: o.backoff, log: () => {} });
  senders.start({
    whatsappId: setup.whatsappId,
    companyId: setup.companyId,
    adapter,
    lease,
    leaseValid: () => true,
    onLeaseLost: () => {},
  });
  onTestFinished(() => senders.stop(setup.whatsappId));
  return { setup, senders, adapter };
}

describe("#outbound-senders", () => {
  it("sends a connection's queued message once woken, and forgets the connection on stop", async () => {
    const { setup, senders, adapter } = await sendersOn("senders-a");

    const id = await setup.enqueue("Olá from the senders");
    expect(senders.wake(setup.whatsappId)).toBe(true);
    await waitFor(async () => (await messageState(db.pool, id)).send_state === "sent", "the message to be sent");
    expect(await messageState(db.pool, id)).toMatchObject({ remote_id: `wamid.FAKE-${id}`, claimed_by: "senders-a" });
    await senders.drained();
    expect(adapter.calls).toEqual([`send ${setup.whatsappId} Olá from the senders`]);

    await senders.stop(setup.whatsappId);
    expect(senders.wake(setup.whatsappId)).toBe(false);
  });

  it("gives up a delete the channel keeps refusing after MAX_AMEND_ATTEMPTS tries, says so, and sends on", async () => {
    const refused: string[] = [];
    const { setup, senders } = await sendersOn("senders-b", {
      backoff: { minMs: 10, maxMs: 20 },
      adapter: (c) => ({
        ...fakeAdapter({ id: c.whatsappId }),
        async amend(a: { id: string }) {
          refused.push(a.id);
          throw new Error("server refused the revoke");
        },
      }),
    });

    const first = await setup.enqueue("to be deleted");
    senders.wake(setup.whatsappId);
    await waitFor(async () => (await messageState(db.pool, first)).send_state === "sent", "the first message sent");
    // What core's deleteMessage leaves on a message that already left (find-message.ts markIntentSql).
    await db.pool.query(
      `UPDATE messages SET is_deleted = true, data_json = coalesce(data_json, '{}'::jsonb) || '{"delete": true}'
       WHERE id = $1 AND company_id = $2`,
      [first, setup.companyId],
    );
    const second = await setup.enqueue("sent while the delete is refused");
    const dataJson = async () =>
      (
        await db.pool.query<{ data_json: Record<string, unknown> }>(
          "SELECT data_json FROM messages WHERE id = $1 AND company_id = $2",
          [first, setup.companyId],
        )
      ).rows[0]!.data_json;
    // Each round tries the delete again after the backoff; the queue behind it still goes out meanwhile.
    await waitFor(async () => {
      senders.wake(setup.whatsappId);
      return (await dataJson()).amendFailure ? true : null;
    }, "the delete given up");
    expect((await messageState(db.pool, second)).send_state).toBe("sent");
    expect(refused).toEqual(Array.from({ length: MAX_AMEND_ATTEMPTS }, () => first));
    expect(await dataJson()).toEqual({
      amendFailure: {
        kind: "delete",
        code: "ERR_DELETE_WAPP_MSG",
        reason: "server refused the revoke",
        at: expect.any(String),
      },
    });
    const third = await setup.enqueue("after it was given up");
    senders.wake(setup.whatsappId);
    await waitFor(async () => (await messageState(db.pool, third)).send_state === "sent", "the third message sent");
    // Given up once: nothing more is told to the channel.
    await senders.drained();
    expect(refused).toHaveLength(MAX_AMEND_ATTEMPTS);
  });

  it("counts no tries while the connection is down: the delete waits for it to come back", async () => {
    let tries = 0;
    const { setup, senders } = await sendersOn("senders-c", {
      backoff: { minMs: 10, maxMs: 20 },
      adapter: (c) => ({
        ...fakeAdapter({ id: c.whatsappId }),
        status: () => "DISCONNECTED" as const,
        async amend() {
          tries++;
          throw new Error("socket closed");
        },
      }),
    });
    const id = await setup.enqueue("to be deleted");
    senders.wake(setup.whatsappId);
    await waitFor(async () => (await messageState(db.pool, id)).send_state === "sent", "the message sent");
    await db.pool.query(
      `UPDATE messages SET is_deleted = true, data_json = coalesce(data_json, '{}'::jsonb) || '{"delete": true}'
       WHERE id = $1 AND company_id = $2`,
      [id, setup.companyId],
    );
    await waitFor(() => {
      senders.wake(setup.whatsappId);
      return tries >= MAX_AMEND_ATTEMPTS + 2 ? true : null;
    }, "more tries than a connected channel gets");
    const { rows } = await db.pool.query<{ data_json: Record<string, unknown> }>(
      "SELECT data_json FROM messages WHERE id = $1 AND company_id = $2",
      [id, setup.companyId],
    );
    expect(rows[0]!.data_json).toEqual({ delete: true });
  });

  it("says a reply went without its quote when the quoted message never reached the channel (ERR_FETCH_WAPP_MSG)", async () => {
    const quotes: (string | null)[] = [];
    const { setup, senders } = await sendersOn("senders-d", {
      adapter: (c) => {
        const base = fakeAdapter({ id: c.whatsappId });
        return {
          ...base,
          async send(m: Parameters<typeof base.send>[0]) {
            quotes.push(m.quotedRemoteId);
            return base.send(m);
          },
        };
      },
    });
    const quoteOf = (id: string, quoted: string) =>
      db.pool.query("UPDATE messages SET quoted_msg_id = $2 WHERE id = $1 AND company_id = $3", [
        id,
        quoted,
        setup.companyId,
      ]);
    const dataJson = async (id: string) =>
      (
        await db.pool.query<{ data_json: Record<string, unknown> | null }>(
          "SELECT data_json FROM messages WHERE id = $1 AND company_id = $2",
          [id, setup.companyId],
        )
      ).rows[0]!.data_json;
    // A message that never left (failed before the channel gave it an id), then a reply quoting it.
    const neverSent = await setup.enqueue("never sent");
    await db.pool.query("UPDATE messages SET send_state = 'failed' WHERE id = $1 AND company_id = $2", [
      neverSent,
      setup.companyId,
    ]);
    const reply = await setup.enqueue("a reply to it");
    await quoteOf(reply, neverSent);
    senders.wake(setup.whatsappId);
    await waitFor(async () => (await messageState(db.pool, reply)).send_state === "sent", "the reply sent");
    expect(await dataJson(reply)).toEqual({ quoteNotSent: { code: "ERR_FETCH_WAPP_MSG" } });
    // A reply to a message the channel has: quoted, nothing said.
    const second = await setup.enqueue("a reply to the reply");
    await quoteOf(second, reply);
    senders.wake(setup.whatsappId);
    await waitFor(async () => (await messageState(db.pool, second)).send_state === "sent", "the second reply sent");
    expect(quotes).toEqual([null, `wamid.FAKE-${reply}`]);
    expect((await dataJson(second))?.quoteNotSent).toBeUndefined();
  });
});
