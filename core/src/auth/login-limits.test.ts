import { beforeEach, describe, expect, it } from "vitest";
import { startCore } from "../server.ts";
import { buildCompany } from "../testing/factories.ts";
import { coreForFile, forFile } from "../testing/test-world.ts";
import { signedIn } from "../testing/users-factories.ts";

const limits = {
  loginPerAccount: { max: 5, windowSeconds: 900 },
  loginPerIp: { max: 12, windowSeconds: 900 },
  signupPerIp: { max: 3, windowSeconds: 3600 },
  contactLookupPerUser: { max: 1_000_000, windowSeconds: 60 },
  externalApiPerToken: { max: 1_000_000, windowSeconds: 60 },
  emailRefusalsPerCompany: { max: 1_000_000, windowSeconds: 60 },
  passwordHashConcurrency: 2,
};
// X-Forwarded-For from loopback is believed, so one test client can speak for several addresses.
const core = coreForFile({ limits, trustProxy: "loopback" });

const login = (email: string, password: string, ip = "198.51.100.1", url = core.url) =>
  fetch(`${url}/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": ip },
    body: JSON.stringify({ email, password }),
  });

/** The window passes: every counter's window started an hour ago. */
const windowPasses = () => core.db.pool.query("UPDATE rate_limits SET window_start = window_start - interval '1 hour'");

beforeEach(async () => {
  await core.db.pool.query("DELETE FROM rate_limits");
});

describe("#auth.login limits", () => {
  it("answers the 6th attempt on one account 429 with Retry-After, even with the right password, until the window passes", {
    timeout: 60_000,
  }, async () => {
    const u = await signedIn(core, { companyId: (await buildCompany(core.db.pool)).id });
    for (let i = 0; i < 5; i++) expect((await login(u.email, "Wrong-pass1")).status).toBe(401);
    const refused = await login(u.email, u.password);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ error: "ERR_TOO_MANY_REQUESTS" });
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(900);
    // The account is limited from any address, and in any letter case.
    expect((await login(u.email.toUpperCase(), u.password, "203.0.113.9")).status).toBe(429);

    await windowPasses();
    expect((await login(u.email, u.password)).status).toBe(200);
    // A success clears the account's count: its owner is not locked out by their own earlier typos.
    for (let i = 0; i < 4; i++) expect((await login(u.email, "Wrong-pass1")).status).toBe(401);
    expect((await login(u.email, u.password)).status).toBe(200);
  });

  it("answers the 13th attempt from one address 429 whatever the account, while other addresses still sign in", {
    timeout: 60_000,
  }, async () => {
    const u = await signedIn(core, { companyId: (await buildCompany(core.db.pool)).id });
    for (let i = 0; i < 12; i++) expect((await login(`nobody-${i}@example.com`, "Wrong-pass1")).status).toBe(401);
    const refused = await login(u.email, u.password);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    expect((await login(u.email, u.password, "203.0.113.7")).status).toBe(200);
    await windowPasses();
    expect((await login(u.email, u.password)).status).toBe(200);
  });

  it("counts parallel guesses: 20 at once on one account let at most 5 reach the password check", {
    timeout: 60_000,
  }, async () => {
    const u = await signedIn(core, { companyId: (await buildCompany(core.db.pool)).id });
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => login(u.email, "Wrong-pass1", `192.0.2.${i + 1}`)),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
  });

  describe("with a second core process on the same database", () => {
    const second = forFile(() => startCore({ ...core.config, port: 0, databaseUrl: core.databaseUrl }), {
      stop: (c) => c.stop(),
      timeout: 60_000,
    });

    it("shares the counts: attempts split over both processes still stop at the limit", {
      timeout: 60_000,
    }, async () => {
      const u = await signedIn(core, { companyId: (await buildCompany(core.db.pool)).id });
      for (let i = 0; i < 5; i++) {
        expect((await login(u.email, "Wrong-pass1", "198.51.100.2", i % 2 ? core.url : second.url)).status).toBe(401);
      }
      expect((await login(u.email, u.password, "198.51.100.2", second.url)).status).toBe(429);
      expect((await login(u.email, u.password, "198.51.100.2", core.url)).status).toBe(429);
    });
  });
});
