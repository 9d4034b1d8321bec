// Issue 7: an admin must not learn which e-mails have accounts in other companies by creating users
// (decision 0044). Another company's e-mail is refused neutrally, and after a few such refusals the
// company's creates and e-mail changes wait for the window, whatever the e-mail.
import { beforeEach, describe, expect, it } from "vitest";
import { buildCompany } from "../testing/factories.ts";
import { TEST_LIMITS } from "../testing/test-core.ts";
import { coreForFile, forFile } from "../testing/test-world.ts";
import { signedIn } from "../testing/users-factories.ts";

const REFUSALS = 3;
const core = coreForFile({
  limits: { ...TEST_LIMITS, emailRefusalsPerCompany: { max: REFUSALS, windowSeconds: 3600 } },
});

const w = forFile(async () => {
  const pool = core.db.pool;
  const mine = (await buildCompany(pool)).id;
  const theirs = (await buildCompany(pool)).id;
  const admin = await signedIn(core, { companyId: mine, profile: "admin" });
  const agent = await signedIn(core, { companyId: mine, profile: "user" });
  const otherAdmin = await signedIn(core, { companyId: theirs, profile: "admin" });
  const elsewhere = await signedIn(core, { companyId: theirs, profile: "user" });
  return { admin, agent, otherAdmin, elsewhere };
});

let n = 0;
const fresh = () => `probe-${++n}-${Date.now()}@example.com`;
const create = (token: string, email: string) =>
  core.api("POST", "/users", { token, body: { name: "Probe", email, password: "Secret12" } });

beforeEach(async () => {
  await core.db.pool.query("DELETE FROM rate_limits");
});

describe("#users e-mail probing", () => {
  it("stops a company's creates, even with a free e-mail, after too many e-mails held elsewhere, until the window passes", async () => {
    // Refusals by create and by e-mail change count together.
    expect((await create(w.admin.token, w.elsewhere.email)).status).toBe(400);
    const change = await core.api("PUT", `/users/${w.agent.id}`, {
      token: w.admin.token,
      body: { email: w.otherAdmin.email },
    });
    expect(change.status).toBe(400);
    expect((await create(w.admin.token, w.otherAdmin.email.toUpperCase())).status).toBe(400);

    // Past the limit the answer no longer depends on the e-mail: a free one waits like a taken one.
    const free = await create(w.admin.token, fresh());
    expect(free.status).toBe(429);
    expect(free.body.error).toBe("ERR_TOO_MANY_REQUESTS");
    expect(Number(free.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await create(w.admin.token, w.elsewhere.email)).status).toBe(429);

    // Another company is not held back by this one's count.
    expect((await create(w.otherAdmin.token, fresh())).status).toBe(201);

    await core.db.pool.query("UPDATE rate_limits SET window_start = window_start - interval '2 hours'");
    expect((await create(w.admin.token, fresh())).status).toBe(201);
  });

  it("does not count free e-mails or the company's own clashes", async () => {
    for (let i = 0; i < REFUSALS + 1; i++) {
      expect((await create(w.admin.token, w.agent.email)).status).toBe(409);
    }
    for (let i = 0; i < REFUSALS + 1; i++) expect((await create(w.admin.token, fresh())).status).toBe(201);
  });
});
