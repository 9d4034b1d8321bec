// Decides when to push and pull: on demand (start, `online`, poke, local change),
// one run at a time, with requests during a run folded into one more run, and a
// backed-off retry while the server keeps failing.
import type { ErrorBody } from "@chatflow/core/contract/errors.ts";
import { ApiError, NetworkError } from "../api/errors.ts";
import type { ApiClient } from "../api/http.ts";
import type { ChatflowDb, OutboxEntry } from "../store/db.ts";
import { pullChanges } from "./pull.ts";
import { pushOutbox } from "./push.ts";

export type SyncEngineOptions = {
  db: ChatflowDb;
  api: ApiClient;
  isOnline: () => boolean;
  onRejected?: (entry: OutboxEntry, error: ErrorBody) => void;
  /** First retry delay after a failed run; doubles up to a minute. */
  retryDelayMs?: number;
  /** Runs after each pull (the replica's eviction); its failure is logged, never retried as a sync failure. */
  afterPull?: () => Promise<unknown>;
};

export type SyncEngine = {
  /** Push the outbox, then pull. Resolves when this and any folded-in request are done. */
  sync(): Promise<void>;
  stop(): void;
};

const MAX_RETRY_MS = 60_000;

export function createSyncEngine(options: SyncEngineOptions): SyncEngine {
  const baseDelay = options.retryDelayMs ?? 2_000;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  let failures = 0;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;

  async function runOnce(): Promise<void> {
    await pushOutbox({ db: options.db, api: options.api, onRejected: options.onRejected });
    // Pull after a push so the server's rows replace the optimistic ones soon.
    await pullChanges({ db: options.db, api: options.api });
    await options.afterPull?.().catch((err: unknown) => console.error("after pull", err));
  }

  function scheduleRetry(err: unknown): void {
    // A 401 has ended the session; nothing to retry until someone signs in.
    if (err instanceof ApiError && err.status === 401) return;
    failures++;
    const delay = Math.min(MAX_RETRY_MS, baseDelay * 2 ** (failures - 1));
    clearTimeout(retryTimer);
    retryTimer = setTimeout(() => void sync(), delay);
    if (!(err instanceof NetworkError) && !(err instanceof ApiError)) console.error("sync failed", err);
  }

  function sync(): Promise<void> {
    if (stopped || !options.isOnline()) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await runOnce();
          failures = 0;
        } catch (err) {
          scheduleRetry(err);
          return;
        }
      } while (again && !stopped);
    })().finally(() => {
      running = null;
    });
    return running;
  }

  return {
    sync,
    stop() {
      stopped = true;
      clearTimeout(retryTimer);
    },
  };
}
