// Every argon2 hash and verify of core goes through here, a few at a time: argon2 runs on
// libuv's small thread pool, which also reads the files core serves, so a login flood must
// not take every thread (decision 0022). Past the queue bound a caller is told to retry later.
import argon2 from "argon2";
import { tooManyRequests } from "./errors.ts";

let running = 0;
let concurrency = 2;
let maxQueued = 64;
const waiting: (() => void)[] = [];

/** Sets the cap (PASSWORD_HASH_CONCURRENCY) and how many may wait for a slot before being refused. */
export function configurePasswordHashing(opts: { concurrency: number; maxQueued?: number }): void {
  concurrency = Math.max(1, opts.concurrency);
  if (opts.maxQueued !== undefined) maxQueued = Math.max(0, opts.maxQueued);
}

async function withSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= concurrency) {
    if (waiting.length >= maxQueued) throw tooManyRequests(undefined, 1);
    await new Promise<void>((resolve) => waiting.push(resolve));
  } else {
    running++;
  }
  try {
    return await work();
  } finally {
    // The slot passes straight to the next waiter, so `running` never drops below the queue's need.
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

/** What every stored password costs to hash and to check: argon2id at 64 MiB, 3 passes, 4 lanes (decision 0022). */
export const PASSWORD_HASH_COST = { memoryCost: 65_536, timeCost: 3, parallelism: 4 } as const;
/** The least argon2id takes, for test runs alone (decision 0083): a hash in about a millisecond. */
const TEST_RUN_COST = { memoryCost: 1024, timeCost: 1, parallelism: 1 } as const;
let cost: { memoryCost: number; timeCost: number; parallelism: number } = PASSWORD_HASH_COST;

/**
 * Test runs only (decision 0083): new hashes at the least cost, so the thousands of users and logins a run makes do
 * not spend minutes of CPU on argon2; `false` puts the stored cost back. A check reads the cost from the hash it
 * checks, so a cheap hash is also cheap to check. Refused outside vitest, so no deployment can turn it on.
 */
export function hashPasswordsCheaplyInThisTestRun(on = true): void {
  if (!process.env.VITEST) throw new Error("cheap password hashing is for test runs only");
  cost = on ? TEST_RUN_COST : PASSWORD_HASH_COST;
}

export const hashPassword = (password: string) =>
  withSlot(() => argon2.hash(password, { type: argon2.argon2id, ...cost }));

/** False for a wrong password or a hash that does not parse. */
export const verifyPassword = (hash: string, password: string) =>
  withSlot(() => argon2.verify(hash, password).catch(() => false));

/** How many hashes run right now and how many wait (for tests and diagnostics). */
export const passwordHashingLoad = () => ({ running, waiting: waiting.length });
