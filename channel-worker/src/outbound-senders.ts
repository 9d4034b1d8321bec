// The outbound senders of the connections this worker holds, one per connection (outbound/connection-sender.ts):
// started once a connection's adapter runs, woken by NOTIFY and the poll, stopped before its lease is given back.
import type pg from "pg";
import type { ChannelAdapter } from "./adapters/adapter.ts";
import type { Lease } from "./lease-keeper.ts";
import {
  type Backoff,
  type ConnectionSender,
  type SenderOptions,
  startConnectionSender,
} from "./outbound/connection-sender.ts";

export type OutboundSendersOptions = {
  pool: pg.Pool;
  batchSize?: number;
  backoff?: Backoff;
  /** A send starts only while the lease has at least this long to run (decision 0042). */
  sendGuardMs: number;
  /** Tests only: "exit-after-claim" kills this process right after a claim commits. */
  fault?: "exit-after-claim";
  /** Each send's end, for the worker's metrics. */
  onOutcome?: SenderOptions["onOutcome"];
  log(message: string): void;
};

/** What a sender needs of its connection. */
export type SenderTarget = {
  whatsappId: number;
  companyId: number;
  adapter: ChannelAdapter;
  lease: Lease;
  /** Whether the lease still vouches for a send, by this worker's clock. */
  leaseValid(): boolean;
  /** A claimed row was refused by the lease check: the connection is no longer ours. */
  onLeaseLost(): void;
};

export type OutboundSenders = {
  /** Starts sending the connection's queue. */
  start(target: SenderTarget): void;
  /** More may be queued for the connection; false when it has no sender here. */
  wake(whatsappId: number): boolean;
  wakeAll(): void;
  /** The connection's channel is back: a backoff wait ends now. */
  reconnected(whatsappId: number): void;
  /** Finishes the connection's message in flight and puts the rest back; forgotten at once. */
  stop(whatsappId: number): Promise<void>;
  /** Resolves once every sender ran a claim round, begun after the call, that found nothing. */
  drained(): Promise<void>;
};

export function outboundSenders(o: OutboundSendersOptions): OutboundSenders {
  const senders = new Map<number, ConnectionSender>();
  return {
    start(t) {
      senders.set(
        t.whatsappId,
        startConnectionSender({
          pool: o.pool,
          whatsappId: t.whatsappId,
          owner: {
            workerId: t.lease.workerId,
            generation: t.lease.generation,
            guardMs: o.sendGuardMs,
            companyId: t.companyId,
          },
          adapter: t.adapter,
          batchSize: o.batchSize ?? 20,
          backoff: o.backoff ?? { minMs: 1000, maxMs: 60_000 },
          afterClaim: o.fault === "exit-after-claim" ? () => process.kill(process.pid, "SIGKILL") : undefined,
          leaseValid: t.leaseValid,
          onLeaseLost: t.onLeaseLost,
          onOutcome: o.onOutcome,
          log: o.log,
        }),
      );
    },
    wake(whatsappId) {
      const s = senders.get(whatsappId);
      s?.wake();
      return s !== undefined;
    },
    wakeAll() {
      for (const s of senders.values()) s.wake();
    },
    reconnected(whatsappId) {
      senders.get(whatsappId)?.reconnected();
    },
    async stop(whatsappId) {
      const s = senders.get(whatsappId);
      senders.delete(whatsappId);
      await s?.stop();
    },
    async drained() {
      await Promise.all([...senders.values()].map((s) => s.drained()));
    },
  };
}
