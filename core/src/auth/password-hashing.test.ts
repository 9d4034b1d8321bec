import argon2 from "argon2";
import { describe, expect, it, onTestFinished } from "vitest";
import { configurePasswordHashing, hashPassword, passwordHashingLoad, verifyPassword } from "./password-hashing.ts";

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
});
