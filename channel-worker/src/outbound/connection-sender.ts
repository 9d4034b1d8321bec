// Sends one connection's queued messages, oldest first, one at a time, while
// this worker holds the connection's lease. When the channel is unreachable
// it puts the message back, keeps every later one queued behind it (order),
// and probes again with the oldest one after an exponential backoff.
import { backoffDelay } from "@chatflow/core/kernel/backoff.ts";
import { asSendError } from "@chatflow/core/kernel/send-error.ts";
import type pg from "pg";
import type { ChannelAdapter } from "../adapters/adapter.ts";
import {
  claimBatch,
  forwardSpacingLeft,
  markAmended,
  markFailed,
  markSending,
  markSent,
  noteAmendRefused,
  type Owner,
  pendingAmendments,
  requeue,
} from "./outbound-store.ts";
import { clearSendHold, markSendHeld } from "./send-hold.ts";

/** The probe waits while the channel is down: minMs after the first failure, doubling up to maxMs. */
export type Backoff = { minMs: number; maxMs: number };

export type SenderOptions = {
  pool: pg.Pool;
  whatsappId: number;
  owner: Owner;
  adapter: ChannelAdapter;
  batchSize: number;
  backoff: Backoff;
  /** Test hook, called right after a claim commits (the exit-after-claim fault). */
  afterClaim?: (claimed: number) => void;
  /**
   * Whether this worker's lease still has the send guard to run, by its own clock (decision 0042): checked
   * right before each request leaves, so a worker that was frozen after marking a row sending does not send.
   */
  leaseValid(): boolean;
  /** The lease check refused a claimed row: this worker no longer owns the connection. */
  onLeaseLost(): void;
  /** A send ended: sent, failed for good (its code), or handed back to retry (the failure's kind); for metrics. */
  onOutcome?(outcome: "sent" | "failed" | "retry", code?: string): void;
  log(message: string): void;
};

export type ConnectionSender = {
  /** More may be queued (NOTIFY or poll). Ignored during a backoff, but remembered. */
  wake(): void;
  /** The channel says it is back (a session reconnected): end a backoff wait now. */
  reconnected(): void;
  /**
   * Resolves once a claim round that starts after this call finds nothing to send: whatever was queued
   * before it has been sent, failed or handed back. Tests use it to prove that nothing more goes out.
   */
  drained(): Promise<void>;
  /** Finishes the message in flight, puts the rest of the batch back, and resolves. */
  stop(): Promise<void>;
};

type Outcome = "done" | "down" | "lease-lost";

const PERSIST_BACKOFF = { baseMs: 200, maxMs: Number.POSITIVE_INFINITY };

/** Retries a database write: forgetting that a message went out would make it look in doubt. */
async function persist<T>(fn: () => Promise<T>, attempts = 5): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await fn();
    } catch (err) {
      if (i >= attempts) throw err;
      await new Promise((r) => setTimeout(r, backoffDelay(i, PERSIST_BACKOFF)));
    }
  }
}

export function startConnectionSender(o: SenderOptions): ConnectionSender {
  let stopped = false;
  let pending = true; // work may be queued; a wake while busy is not lost
  let delay = 0; // current backoff; 0 while the channel is up
  let failures = 0; // failed rounds in a row, the backoff's attempt number
  let interrupt: (() => void) | null = null;
  // Whether whatsapps.send_hold may be set (unknown at start: a hold from before a restart is cleared by the first
  // send that goes through). Kept so a held queue's probes and a healthy queue's sends cost no write.
  let held: boolean | null = null;
  const connection = { companyId: o.owner.companyId, whatsappId: o.whatsappId };
  // Waiters of drained(), each with the round it must see empty (a round that began after the call).
  let round = 0;
  const drainWaiters: { after: number; resolve: () => void }[] = [];
  const emptyRound = (r: number) => {
    for (let i = drainWaiters.length - 1; i >= 0; i--) {
      const w = drainWaiters[i]!;
      if (r > w.after) {
        drainWaiters.splice(i, 1);
        w.resolve();
      }
    }
  };

  const wait = (ms?: number) =>
    new Promise<void>((resolve) => {
      const timer = ms === undefined ? undefined : setTimeout(() => done(), ms);
      const done = () => {
        clearTimeout(timer);
        interrupt = null;
        resolve();
      };
      interrupt = done;
    });
  const backOff = () => {
    failures += 1;
    delay = backoffDelay(failures, { baseMs: o.backoff.minMs, maxMs: o.backoff.maxMs });
  };
  const up = () => {
    delay = 0;
    failures = 0;
  };

  /** Edits and deletes of sent messages, told to the channel in the order agents made them. */
  async function amendBatch(): Promise<Outcome> {
    const amend = o.adapter.amend?.bind(o.adapter);
    if (!amend || delay > 0) return "done";
    for (const a of await pendingAmendments(o.pool, o.whatsappId, o.owner, o.batchSize)) {
      if (stopped) return "done";
      if (!o.leaseValid()) return "lease-lost";
      try {
        await amend(a);
      } catch (err) {
        const failure = asSendError(err);
        if (failure.kind !== "permanent") {
          // Down, throttled, or refusing this one: the same backoff as sends, never a tight loop of retries. One the
          // channel keeps refusing is given up after MAX_AMEND_ATTEMPTS tries, so it never holds the sends behind it.
          backOff();
          // A try counts only on a connected channel: a connection that is down refuses everything and gives up nothing.
          const counted =
            o.adapter.status() === "CONNECTED"
              ? await persist(() => noteAmendRefused(o.pool, a, o.owner, failure.message))
              : "retry";
          o.log(
            counted === "given-up"
              ? `message ${a.id}: the channel kept refusing the ${a.delete ? "delete" : "edit"}, given up: ${failure.message}`
              : `connection ${o.whatsappId} down while amending ${a.id}, next try in ${delay} ms: ${failure.message}`,
          );
          return "down";
        }
        o.log(`message ${a.id}: the channel refused the ${a.delete ? "delete" : "edit"}: ${failure.message}`);
      }
      await persist(() => markAmended(o.pool, a, o.owner));
    }
    return "done";
  }

  async function sendBatch(): Promise<Outcome> {
    const amended = await amendBatch();
    if (amended !== "done") return amended;
    // While down, only the oldest message probes the channel; the rest stay queued untouched.
    const limit = delay > 0 ? 1 : o.batchSize;
    const thisRound = ++round;
    const batch = await claimBatch(o.pool, o.whatsappId, o.owner, limit);
    if (batch.length === 0) {
      up(); // nothing to probe with: the next message goes straight out
      emptyRound(thisRound);
      return "done";
    }
    o.afterClaim?.(batch.length);
    if (batch.length === limit) pending = true;
    for (let i = 0; i < batch.length; i++) {
      const message = batch[i]!;
      const later = batch.slice(i + 1).map((m) => m.id);
      if (stopped) {
        await requeue(o.pool, [message.id, ...later], o.owner);
        return "done";
      }
      // Forwarded copies keep the spec's spacing (a plain sleep: a wake must not cut it short).
      if (message.isForwarded) {
        for (let left = 1; left > 0 && !stopped; ) {
          left = await forwardSpacingLeft(o.pool, o.whatsappId, o.owner.companyId, message.id);
          if (left > 0) await new Promise((r) => setTimeout(r, left));
        }
        if (stopped) {
          await requeue(o.pool, [message.id, ...later], o.owner);
          return "done";
        }
      }
      const state = await markSending(o.pool, message.id, o.whatsappId, o.owner);
      if (state === "gone") continue; // deleted or taken back meanwhile
      if (state === "lease-lost") {
        await requeue(o.pool, [message.id, ...later], o.owner);
        return "lease-lost";
      }
      if (!o.leaseValid()) {
        // Marked sending, yet nothing left: back to the queue, unless a new owner already judged it in doubt.
        await persist(() => requeue(o.pool, later, o.owner, message.id));
        return "lease-lost";
      }
      try {
        const { remoteId } = await o.adapter.send(message);
        o.onOutcome?.("sent");
        up();
        if (held !== false) {
          await persist(() => clearSendHold(o.pool, connection)).catch((err) =>
            o.log(`connection ${o.whatsappId}: the hold could not be cleared: ${(err as Error).message}`),
          );
          held = false;
        }
        const quoteDropped = Boolean(message.quotedMsgId) && !message.quotedRemoteId;
        if (!(await persist(() => markSent(o.pool, message.id, remoteId, o.owner, quoteDropped)))) {
          o.log(`message ${message.id} went out as ${remoteId} but its row changed meanwhile`);
        }
      } catch (err) {
        const failure = asSendError(err);
        const safeToResend =
          failure.kind === "retryable-not-delivered" ||
          (failure.kind === "retryable-maybe-delivered" && o.adapter.idempotentSend);
        if (safeToResend) {
          o.onOutcome?.("retry", failure.hold ?? failure.kind);
          await persist(() => requeue(o.pool, later, o.owner, message.id));
          if (failure.hold) {
            // Rate-limited or restricted: the queue waits as for a channel that is down, and the admin is told why.
            await persist(() => markSendHeld(o.pool, connection, failure.hold!, failure.message)).catch((err) =>
              o.log(`connection ${o.whatsappId}: the hold could not be recorded: ${(err as Error).message}`),
            );
            held = true;
          }
          backOff();
          o.log(`connection ${o.whatsappId} down, next try in ${delay} ms: ${failure.message}`);
          return "down";
        }
        o.log(`message ${message.id} failed (${failure.kind}): ${failure.message}`);
        // Maybe delivered and not safe to resend: failed, saying the contact may have it (decision 0053).
        const code = failure.kind === "retryable-maybe-delivered" ? "ERR_SEND_OUTCOME_UNKNOWN" : failure.code;
        o.onOutcome?.("failed", code);
        await persist(() => markFailed(o.pool, message.id, code, o.owner, failure.failure));
      }
    }
    return "done";
  }

  async function run(): Promise<void> {
    while (!stopped) {
      if (delay > 0) await wait(delay);
      else if (!pending) await wait();
      if (stopped) break;
      if (delay === 0 && !pending) continue;
      pending = false;
      let outcome: Outcome;
      try {
        outcome = await sendBatch();
      } catch (err) {
        // The database failed us: rows stay as last committed and the next round takes them again.
        o.log(`connection ${o.whatsappId}: ${(err as Error).message}`);
        pending = true;
        backOff();
        continue;
      }
      if (outcome === "lease-lost") {
        o.onLeaseLost();
        return;
      }
      // Someone waits for an empty round: keep claiming until one comes back empty.
      if (drainWaiters.length > 0) pending = true;
    }
  }

  const done = run();
  return {
    wake() {
      pending = true;
      if (delay === 0) interrupt?.();
    },
    reconnected() {
      if (delay > 0) interrupt?.();
    },
    drained() {
      const settled = new Promise<void>((resolve) => drainWaiters.push({ after: round, resolve }));
      pending = true;
      if (delay === 0) interrupt?.();
      return settled;
    },
    async stop() {
      stopped = true;
      interrupt?.();
      await done;
    },
  };
}
