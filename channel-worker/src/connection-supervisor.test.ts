// The connection supervisor started alone (with its lease keeper and senders) on a real database: it takes a
// connection's lease and starts its adapter, sends its queue through it, passes an admin's session request on,
// and stops the adapter and gives the lease back once the connection is no longer served.
import { CONNECTION_SESSION_CHANNEL } from "@chatflow/core/contract/topics.ts";
import { testDbForFile } from "@chatflow/core/testing/test-world.ts";
import { describe, expect, it, onTestFinished } from "vitest";
import type { ChannelConnection } from "./adapters/adapter.ts";
import { type ConnectionSupervisor, SUPERVISOR_CHANNELS, startConnectionSupervisor } from "./connection-supervisor.ts";
import { startLeaseKeeper } from "./lease-keeper.ts";
import { outboundSenders } from "./outbound-senders.ts";
import { type FakeAdapter, fakeAdapter } from "./testing/fake-adapter.ts";
import { messageState, setupCloudConnection, waitFor } from "./testing/outbound-fixtures.ts";

const db = testDbForFile();
const TIMINGS = { ttlMs: 5000, heartbeatMs: 500, sendGuardMs: 500 };

/** A supervisor serving Cloud API connections through fake adapters; `adapters` has each one it started. */
function supervise(workerId: string): { supervisor: ConnectionSupervisor; adapters: FakeAdapter[] } {
  const adapters: FakeAdapter[] = [];
  const log = () => {};
  const senders = outboundSenders({ pool: db.pool, sendGuardMs: TIMINGS.sendGuardMs, log });
  let supervisor: ConnectionSupervisor | null = null;
  const keeper = startLeaseKeeper({
    pool: db.pool,
    workerId,
    timings: TIMINGS,
    channels: SUPERVISOR_CHANNELS,
    onNotification: (channel, payload) => supervisor?.notified(channel, payload),
    onLeaseLost: (id) => void supervisor?.drop(id),
    onSessionLost: async () => {
      await supervisor?.dropAll();
    },
    onWorkerGone: () => supervisor?.look(),
    log,
  });
  supervisor = startConnectionSupervisor({
    pool: db.pool,
    keeper,
    senders,
    factories: {
      whatsappapi: (connection: ChannelConnection) => {
        const adapter = fakeAdapter(connection);
        adapters.push(adapter);
        return adapter;
      },
    },
    onInbound: async () => {},
    pollMs: 100,
    log,
  });
  const running = supervisor;
  onTestFinished(async () => {
    await running.stop();
    await keeper.stop();
  });
  return { supervisor: running, adapters };
}

describe("#connection-supervisor", () => {
  it("starts an adapter for the connection it takes, sends through it, and stops it once the connection goes", async () => {
    const setup = await setupCloudConnection(db.pool);
    const { supervisor, adapters } = supervise("supervisor-a");
    await waitFor(() => supervisor.owned().includes(setup.whatsappId), "the supervisor to take the connection");
    expect(adapters.map((a) => a.calls[0])).toEqual([`start ${setup.whatsappId}`]);
    const { rows } = await db.pool.query("SELECT holder FROM connection_leases WHERE whatsapp_id = $1", [
      setup.whatsappId,
    ]);
    expect(rows).toEqual([{ holder: "supervisor-a" }]);

    const id = await setup.enqueue("Olá from the supervisor");
    await waitFor(async () => (await messageState(db.pool, id)).send_state === "sent", "the message to be sent");

    // An admin's session request reaches the adapter of the connection held.
    await db.pool.query("SELECT pg_notify($1, $2)", [
      CONNECTION_SESSION_CHANNEL,
      JSON.stringify({ whatsappId: setup.whatsappId, companyId: setup.companyId, action: "restart" }),
    ]);
    await waitFor(() => adapters[0]!.calls.includes(`request ${setup.whatsappId} restart`), "the session request");

    // No longer a Cloud API connection the worker can serve: its adapter stops and its lease is given back.
    await db.pool.query("UPDATE whatsapps SET access_token = NULL WHERE id = $1 AND company_id = $2", [
      setup.whatsappId,
      setup.companyId,
    ]);
    await waitFor(() => !supervisor.owned().includes(setup.whatsappId), "the supervisor to let the connection go");
    await waitFor(() => adapters[0]!.calls.includes(`stop ${setup.whatsappId}`), "the adapter to stop");
    const after = await db.pool.query(
      "SELECT expires_at = '-infinity' AS given_back FROM connection_leases WHERE whatsapp_id = $1",
      [setup.whatsappId],
    );
    expect(after.rows).toEqual([{ given_back: true }]);
    expect(adapters).toHaveLength(1);
  });
});
