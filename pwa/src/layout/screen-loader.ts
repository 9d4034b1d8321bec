// Lazy screens that can be fetched again. React.lazy keeps a failed import for good, so a screen
// whose chunk could not be fetched (offline before the service worker holds a copy of it) would stay
// broken until a reload. These start a fresh import on the next render after retryFailedScreens().
import { type ComponentType, createElement, type LazyExoticComponent, lazy } from "react";

const failed = new Set<() => void>();

export function lazyScreen<K extends string, M extends Record<K, ComponentType>>(
  load: () => Promise<M>,
  name: K,
): ComponentType {
  const make = (): LazyExoticComponent<ComponentType> =>
    lazy(() =>
      load().then(
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
