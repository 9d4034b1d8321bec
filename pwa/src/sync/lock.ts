// Runs one critical section at a time. The Web Locks API makes it hold across
// tabs of the same install (so two tabs never push one outbox together); where
// it is missing (tests, old browsers) an in-page queue keeps the same order.
const queues = new Map<string, Promise<unknown>>();

export async function withLock<T>(name: string, fn: () => Promise<T>): Promise<T> {
  const locks = (globalThis.navigator as Navigator | undefined)?.locks;
  if (locks) return locks.request(name, fn) as Promise<T>;
  const previous = queues.get(name) ?? Promise.resolve();
  const run = previous.then(fn, fn);
  // Keep the chain alive whether fn resolves or rejects.
  queues.set(
    name,
    run.catch(() => undefined),
  );
  return run;
}
