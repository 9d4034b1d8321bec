// A channel adapter that talks to no channel: it records what the worker's parts ask of it (start, stop, session
// requests, sends), so a part can be started alone in a test and what it did read back.
import type { ChannelAdapter, ChannelConnection, OutboundMessage } from "../adapters/adapter.ts";

export type FakeAdapter = ChannelAdapter & {
  /** "start 12", "stop 12", "request 12 restart", "send 12 <body>", in the order they came. */
  calls: string[];
};

export function fakeAdapter(connection: Pick<ChannelConnection, "id">): FakeAdapter {
  const calls: string[] = [];
  return {
    calls,
    connectionId: connection.id,
    idempotentSend: false,
    async start() {
      calls.push(`start ${connection.id}`);
    },
    async stop() {
      calls.push(`stop ${connection.id}`);
    },
    status: () => "CONNECTED",
    async request(action) {
      calls.push(`request ${connection.id} ${action}`);
    },
    async send(message: OutboundMessage) {
      calls.push(`send ${connection.id} ${message.body}`);
      return { remoteId: `wamid.FAKE-${message.id}` };
    },
  };
}
