// One tab of this install leads the sync: it holds a Web Lock for as long as it
// runs, so when it closes (or crashes) the browser hands the lock to the next tab
// waiting for it. Without the Web Locks API (old browsers) every tab leads, as
// before: the push lock (lock.ts) still keeps two tabs from pushing one outbox.

export type Leadership = {
  isLeader(): boolean;
  /** Gives the lead up (or stops waiting for it), running the leader's cleanup. */
  stop(): void;
};

/**
 * Waits for the lock `name`, then runs `onLead` while holding it; `onLead` returns what undoes it.
 * `locks` is navigator.locks in the browser (Node has it too, which the tests use); null where there is none.
 */
export function leadWhenPossible(
  name: string,
  onLead: () => () => void,
  locks: LockManager | null = (globalThis.navigator as Navigator | undefined)?.locks ?? null,
): Leadership {
  let cleanup: (() => void) | null = null;
  let release: (() => void) | null = null;
  let stopped = false;
  const waiting = new AbortController();

  if (!locks) cleanup = onLead();
  else {
    locks
      .request(name, { signal: waiting.signal }, () => {
        if (stopped) return undefined;
        cleanup = onLead();
        // The lock is held until this settles, that is until stop().
        return new Promise<void>((resolve) => {
          release = resolve;
        });
      })
      .catch((err: unknown) => {
        if (!(err instanceof DOMException && err.name === "AbortError")) console.error("sync leader lock", err);
      });
  }

  return {
    isLeader: () => cleanup !== null,
    stop() {
      stopped = true;
      waiting.abort();
      cleanup?.();
      cleanup = null;
      release?.();
    },
  };
}
