// Lazy screens that can be fetched again. React.lazy keeps a failed import for good, so a screen
// whose chunk could not be fetched (offline before the service worker holds a copy of it) would stay
// broken until a reload. These start a fresh import on the next render after retryFailedScreens().
import { type ComponentType, createElement, type LazyExoticComponent, lazy } from "react";

const failed = new Set<() => void>();

/** How long a failed load waits before its one automatic second try (online only). */
export const SCREEN_RETRY_MS = 400;

/**
 * The load, tried a second time after a moment when the first fails online: a chunk request that the network or
 * a busy server dropped (seen as 'Failed to fetch dynamically imported module' on a loaded machine) should not
 * cost the person a screen. Offline, a second try cannot do better, and the error screen says why at once.
 */
export async function loadWithRetry<T>(load: () => Promise<T>, waitMs = SCREEN_RETRY_MS): Promise<T> {
  try {
    return await load();
  } catch (err) {
    if (typeof navigator !== "undefined" && !navigator.onLine) throw err;
    await new Promise((resolve) => setTimeout(resolve, waitMs));
    return load();
  }
}

export function lazyScreen<K extends string, M extends Record<K, ComponentType>>(
  load: () => Promise<M>,
  name: K,
): ComponentType {
  const make = (): LazyExoticComponent<ComponentType> =>
    lazy(() =>
      loadWithRetry(load).then(
        (m) => ({ default: m[name] }),
        (err: unknown) => {
          failed.add(reset);
          throw err;
        },
      ),
    );
  let current = make();
  const reset = () => {
    current = make();
  };
  const Screen = () => createElement(current);
  Screen.displayName = `Screen(${name})`;
  return Screen;
}

/** Makes every screen whose code failed to load try again when it next renders. */
export function retryFailedScreens(): void {
  for (const reset of failed) reset();
  failed.clear();
}
