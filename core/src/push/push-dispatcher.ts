// Sends web pushes for new inbound messages, off the ingest path: ingest only
// writes its change log and NOTIFYs, as it always did; this listens to the same
// channel, reads the log after its per-company cursor and posts to the browsers'
// push services. A subscription the push service calls gone (404/410) is deleted.
// At most once: a message is claimed (push_sent) before it is sent, so a crash in
// between loses that notification rather than repeating it.

import type pg from "pg";
import { CHANGES_CHANNEL, PUSH_CHANNEL } from "../contract/topics.ts";
import { listen } from "../db/listener.ts";
import { logger } from "../kernel/logger.ts";
import type { VapidKeys } from "../kernel/vapid-keys.ts";
import { claimNewInbound, type Outgoing, planNotifications } from "./push-notifications.ts";
import { pushSender, type SendPush } from "./send-push.ts";

export type PushDispatcher = {
  /** Resolves when every pass asked for so far has finished (tests wait on it). */
  idle(): Promise<void>;
  close(): Promise<void>;
};

export type PushDispatcherOptions = {
  databaseUrl: string;
  pool: pg.Pool;
  vapid: VapidKeys;
  /** Tests may replace the network; the default posts with fetch. */
  send?: SendPush;
  /** Requests to push services at once. */
  concurrency?: number;
  /** Every so often each company is read even without a NOTIFY (one missed while the listener was down). */
  sweepMs?: number;
};

/** Notifications of one company within this long are read in one pass. */
const COALESCE_MS = 50;
/** How soon a company another core was reading is looked at again. */
const BUSY_RETRY_MS = 500;

export async function startPushDispatcher(opts: PushDispatcherOptions): Promise<PushDispatcher> {
  const send = opts.send ?? pushSender(opts.vapid);
  const concurrency = opts.concurrency ?? 8;
  // Per company: the pass running now, and whether another was asked for meanwhile.
  const running = new Map<number, Promise<void>>();
  const again = new Set<number>();
  const timers = new Map<number, NodeJS.Timeout>();
  // Companies with a push cursor: every other company's changes cost nothing here.
  const known = new Set<number>();
  let closed = false;

  const pass = async (companyId: number): Promise<void> => {
    for (;;) {
      const claimed = await claimNewInbound(opts.pool, companyId);
      if (claimed === "none") return;
      if (claimed === "busy") {
        // Another core is reading this company's log: look again once it is likely done.
        retryLater(companyId);
        return;
      }
      const outgoing = await planNotifications(opts.pool, companyId, claimed.messageIds);
      await deliver(companyId, outgoing);
      if (!claimed.more) return;
    }
  };

  const deliver = async (companyId: number, outgoing: Outgoing[]): Promise<void> => {
    let next = 0;
    const worker = async () => {
      while (next < outgoing.length) {
        const { target, payload, topic } = outgoing[next++]!;
        const outcome = await send(target, payload, { topic });
        if (outcome.kind === "gone") {
          await opts.pool.query("DELETE FROM push_subscriptions WHERE company_id = $1 AND id = $2", [
            companyId,
            target.subscriptionId,
          ]);
        } else if (outcome.kind === "failed") {
          logger.warn(
            { companyId, subscriptionId: target.subscriptionId, reason: outcome.reason },
            "push: not delivered",
          );
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, outgoing.length) }, worker));
  };

  const run = (companyId: number): void => {
    if (closed) return;
    if (running.has(companyId)) {
      again.add(companyId);
      return;
    }
    const p = pass(companyId)
      .catch((err: Error) => logger.error({ companyId, err }, "push: dispatch failed"))
      .finally(() => {
        running.delete(companyId);
        if (again.delete(companyId)) run(companyId);
      });
    running.set(companyId, p);
  };

  const schedule = (companyId: number): void => {
    if (timers.has(companyId) || closed) return;
    timers.set(
      companyId,
      setTimeout(() => {
        timers.delete(companyId);
        run(companyId);
      }, COALESCE_MS),
    );
  };

  const retryLater = (companyId: number): void => {
    if (closed) return;
    setTimeout(() => schedule(companyId), BUSY_RETRY_MS).unref();
  };

  const sweep = async (): Promise<void> => {
    const { rows } = await opts.pool.query<{ company_id: number }>(
      "SELECT /* all-companies: the dispatcher's sweep reads every company that has a push cursor */ company_id FROM push_cursors",
    );
    for (const r of rows) {
      known.add(r.company_id);
      schedule(r.company_id);
    }
  };
  const sweepSafely = () => void sweep().catch((err: Error) => logger.error({ err }, "push: sweep failed"));

  const listener = await listen({
    databaseUrl: opts.databaseUrl,
    channels: [CHANGES_CHANNEL, PUSH_CHANNEL],
    name: "chatflow-push",
    onNotification: (channel, payload) => {
      const companyId = Number(payload);
      if (channel === PUSH_CHANNEL) known.add(companyId);
      if (known.has(companyId)) schedule(companyId);
    },
    onUp: sweepSafely,
  });
  const sweepTimer = setInterval(sweepSafely, opts.sweepMs ?? 60_000);
  sweepTimer.unref();
  sweepSafely();

  const idle = async (): Promise<void> => {
    while (running.size > 0 || timers.size > 0) {
      await Promise.all(running.values());
      if (timers.size > 0) await new Promise((r) => setTimeout(r, COALESCE_MS));
    }
  };

  return {
    idle,
    async close() {
      closed = true;
      clearInterval(sweepTimer);
      for (const t of timers.values()) clearTimeout(t);
      timers.clear();
      await listener.close();
      await Promise.all(running.values());
    },
  };
}
