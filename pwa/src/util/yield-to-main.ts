// Long start-up work in slices (issue 24): a task that holds the main thread past 50 ms on a phone delays every
// tap, so work that can wait hands the thread back between steps. A phone runs scripts about four times slower
// than a desk, so a slice here stays a few milliseconds.

/** Milliseconds of work between two yields. */
export const SLICE_MS = 4;

type Scheduler = { yield?: () => Promise<void> };

/** Resolves in a later task: `scheduler.yield()` where the browser has it (it keeps its place in line), else a timer. */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Scheduler }).scheduler;
  if (typeof scheduler?.yield === "function") return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Runs `step` on each item, handing the main thread back whenever a slice of SLICE_MS has gone by, so that no
 * single task does all of it.
 */
export async function eachInSlices<T>(items: readonly T[], step: (item: T) => void): Promise<void> {
  let sliceStart = performance.now();
  for (const item of items) {
    if (performance.now() - sliceStart >= SLICE_MS) {
      await yieldToMain();
      sliceStart = performance.now();
    }
    step(item);
  }
}

/**
 * Settles once the page has loaded and the browser is idle (at once outside a browser): for work the first
 * screen does not need, so that its requests and tasks do not compete with the screen's own.
 */
export function afterPageLoad(): Promise<void> {
  if (typeof document === "undefined" || typeof window === "undefined") return Promise.resolve();
  const loaded =
    document.readyState === "complete"
      ? Promise.resolve()
      : new Promise<void>((resolve) => window.addEventListener("load", () => resolve(), { once: true }));
  return loaded.then(
    () =>
      new Promise<void>((resolve) => {
        // At most a second of waiting: a page that never idles still gets the work done.
        if (typeof window.requestIdleCallback === "function")
          window.requestIdleCallback(() => resolve(), { timeout: 1000 });
        else setTimeout(resolve, 0);
      }),
  );
}
