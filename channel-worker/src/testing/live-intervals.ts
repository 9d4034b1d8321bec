// The repeating timers that given code started and has not cleared. A stopped component that leaves none, and
// holds no database session, cannot act again: how a test proves "nothing more happens" after a stop, where a
// fixed wait would only show that nothing happened yet (decision 0029).
import { createHook } from "node:async_hooks";

export type IntervalWatch = {
  /** The creation stack of each interval still running that matching code started since the watch began. */
  live(): Promise<string[]>;
  stop(): void;
};

/** Watches the intervals created from now on whose creation stack matches `from` (a file path, a package). */
export function watchIntervals(from: RegExp): IntervalWatch {
  const live = new Map<number, string>();
  const hook = createHook({
    init(asyncId, type) {
      if (type !== "Timeout") return;
      const limit = Error.stackTraceLimit;
      Error.stackTraceLimit = 40;
      const stack = new Error().stack ?? "";
      Error.stackTraceLimit = limit;
      // One-shot timers fire once and are gone; an interval is what keeps a component polling.
      if (/\bat setInterval\b/.test(stack) && from.test(stack)) live.set(asyncId, stack);
    },
    destroy(asyncId) {
      live.delete(asyncId);
    },
  }).enable();
  return {
    async live() {
      // A cleared timer's destroy hook runs on the next turn of the event loop.
      await new Promise((resolve) => setImmediate(resolve));
      return [...live.values()];
    },
    stop: () => {
      hook.disable();
    },
  };
}
