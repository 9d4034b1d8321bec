// forFile: what a test file needs, started before its tests and taken down after them, read through a stand-in.
// The one place the project's tests write beforeAll/afterAll; the worlds built on it are in test-world.ts and
// in each part's testing/ folder (decision 0029). Free of server imports, so the PWA's tests can use it.
import { afterAll, afterEach, beforeAll } from "vitest";

/** What a world that creates and migrates a database may take when other test runs share the machine's CPUs. */
export const SET_UP_TIMEOUT_MS = 30_000;

export type ForFileOptions<T> = {
  /** Undoes what start made; runs after the last test of the file or describe block, passed or failed. */
  stop?: (started: T) => unknown;
  /** Runs after each test (a fake's recorded calls cleared, say). */
  afterEach?: (started: T) => unknown;
  /** How long start may take, in ms, when more than the hook timeout (logins and a core start on a shared machine). */
  timeout?: number;
};

/**
 * Runs `start` before the tests of the enclosing file or describe block and `stop` after them, and answers a
 * stand-in for what start made. The stand-in is typed as the thing itself, so a file reads `core.api(...)`
 * or `w.admin.token`; it may be read inside hooks and tests only. vitest runs beforeAll hooks in the order
 * they are declared and afterAll hooks in reverse, so a world declared after another (records seeded into a
 * core) starts after it and is taken down before it.
 */
export function forFile(start: () => Promise<void>, o?: ForFileOptions<void>): void;
export function forFile<T extends object>(start: () => T | Promise<T>, o?: ForFileOptions<T>): T;
export function forFile<T>(start: () => T | Promise<T>, o: ForFileOptions<T> = {}): T {
  // Boxed, so that a start that makes nothing (a trigger created, a table) is still told apart from "not started".
  let started: { world: T } | undefined;
  beforeAll(async () => {
    started = { world: await start() };
  }, o.timeout);
  const { afterEach: each, stop } = o;
  if (each) {
    afterEach(async () => {
      if (started) await each(started.world);
    });
  }
  afterAll(async () => {
    const made = started;
    started = undefined;
    if (made && stop) await stop(made.world);
  });
  const current = (key: PropertyKey): object => {
    if (started?.world) return started.world;
    throw new Error(`forFile: .${String(key)} read outside the tests (read the world inside hooks and tests)`);
  };
  // A Proxy rather than a mutable `let`: the file gets a const it can hand to builders, and a read outside the
  // world's lifetime fails with a clear message instead of "cannot read properties of undefined".
  return new Proxy({} as object, {
    get(_target, key) {
      // Printers and matchers probe symbols (inspect, toStringTag): nothing to say outside the world's lifetime.
      if (typeof key === "symbol" && !started?.world) return undefined;
      const world = current(key);
      const value = Reflect.get(world, key);
      // A class's methods run on the world itself (private fields refuse a proxy as `this`). Own properties are
      // answered as they are: a function held as data (core's Express app) keeps its identity and properties.
      if (typeof value !== "function" || Object.hasOwn(world, key)) return value;
      return Function.prototype.bind.call(value, world);
    },
    set(_target, key, value) {
      return Reflect.set(current(key), key, value);
    },
    has(_target, key) {
      return Reflect.has(current(key), key);
    },
    ownKeys() {
      return Reflect.ownKeys(current("ownKeys"));
    },
    getOwnPropertyDescriptor(_target, key) {
      const d = Reflect.getOwnPropertyDescriptor(current(key), key);
      // The target holds none of the world's properties, so each must be reported configurable.
      return d && { ...d, configurable: true };
    },
  }) as T;
}
