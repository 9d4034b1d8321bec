// One real core per test file (or describe block): the beforeAll/afterAll pair
// that starts it on a fresh database and stops it, written once.
import { afterAll, beforeAll } from "vitest";
import type { CoreConfig } from "../config.ts";
import { startTestCore, type TestCore } from "./test-core.ts";

/**
 * Registers hooks that start a core before the tests of the enclosing file or
 * describe block and close it after them, and answers a stand-in for that core.
 * The stand-in is typed as the core itself so tests read `core.api(...)`; it may
 * be used inside hooks and tests only (vitest runs beforeAll hooks in the order
 * they are declared, so hooks declared after this call see the core started).
 */
export function useTestCore(overrides: Partial<CoreConfig> = {}): TestCore {
  let started: TestCore | undefined;
  beforeAll(async () => {
    started = await startTestCore(overrides);
  });
  afterAll(async () => {
    const core = started;
    started = undefined;
    await core?.close();
  });
  // A Proxy rather than a mutable `let`: the file gets a const it can pass to
  // builders, and a read outside the core's lifetime fails with a clear message
  // instead of "cannot read properties of undefined".
  return new Proxy({} as TestCore, {
    get(_target, key) {
      if (!started) {
        throw new Error(`useTestCore: core.${String(key)} read outside beforeAll/afterAll (use it in hooks and tests)`);
      }
      return Reflect.get(started, key);
    },
  });
}
