import argon2 from "argon2";
import { describe, expect, it, onTestFinished } from "vitest";
import {
  configurePasswordHashing,
  hashPassword,
  hashPasswordsCheaplyInThisTestRun,
  PASSWORD_HASH_COST,
  passwordHashingLoad,
  verifyPassword,
} from "./password-hashing.ts";

/** Sets the hashing limits for one test, and puts back the ones the other test files run with when it ends. */
function limitsForTest(o: Parameters<typeof configurePasswordHashing>[0]) {
  configurePasswordHashing(o);
  onTestFinished(() => configurePasswordHashing({ concurrency: 2, maxQueued: 64 }));
}

describe("password hashing", () => {
  it("runs at most the configured number of argon2 jobs at once, however many are asked for", {
    timeout: 60_000,
  }, async () => {
    limitsForTest({ concurrency: 2, maxQueued: 64 });
    const hash = await argon2.hash("Secret12");
    let most = 0;
    const sampler = setInterval(() => {
      most = Math.max(most, passwordHashingLoad().running);
    }, 1);
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => verifyPassword(hash, i % 2 ? "Secret12" : "wrong")),
    );
    clearInterval(sampler);
    expect(results.filter(Boolean)).toHaveLength(6);
    expect(most).toBe(2);
    expect(passwordHashingLoad()).toEqual({ running: 0, waiting: 0 });
  });

  it("refuses with ERR_TOO_MANY_REQUESTS past the queue bound instead of piling work up", {
    timeout: 60_000,
  }, async () => {
    limitsForTest({ concurrency: 1, maxQueued: 2 });
    const settled = await Promise.allSettled(Array.from({ length: 6 }, () => hashPassword("Secret12")));
    expect(settled.filter((s) => s.status === "fulfilled")).toHaveLength(3);
    for (const s of settled.filter((r) => r.status === "rejected")) {
      expect((s as PromiseRejectedResult).reason).toMatchObject({ code: "ERR_TOO_MANY_REQUESTS" });
    }
    expect(passwordHashingLoad()).toEqual({ running: 0, waiting: 0 });
  });

  it("stores passwords as argon2id at 64 MiB, 3 passes and 4 lanes outside a test run", {
    timeout: 60_000,
  }, async () => {
    hashPasswordsCheaplyInThisTestRun(false);
    onTestFinished(() => hashPasswordsCheaplyInThisTestRun());
    expect(PASSWORD_HASH_COST).toEqual({ memoryCost: 65_536, timeCost: 3, parallelism: 4 });
    const hash = await hashPassword("Secret12");
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=65536,p=4,t=3\$/);
    expect(await verifyPassword(hash, "Secret12")).toBe(true);
    expect(await verifyPassword(hash, "Secret13")).toBe(false);
  });

  it("hashes at the least cost in a test run, and a check reads the cost from the hash", async () => {
    const cheap = await hashPassword("Secret12");
    expect(cheap).toMatch(/^\$argon2id\$v=19\$m=1024,p=1,t=1\$/);
    expect(await verifyPassword(cheap, "Secret12")).toBe(true);
    expect(await verifyPassword(cheap, "secret12")).toBe(false);
    // A stored (costly) hash is still checked as it was made.
    const stored = await argon2.hash("Secret12");
    expect(await verifyPassword(stored, "Secret12")).toBe(true);
  });

  it("refuses the cheap cost outside a test run", () => {
    const vitest = process.env.VITEST;
    delete process.env.VITEST;
    try {
      expect(() => hashPasswordsCheaplyInThisTestRun()).toThrow(/test runs only/);
    } finally {
      process.env.VITEST = vitest;
    }
  });
});
