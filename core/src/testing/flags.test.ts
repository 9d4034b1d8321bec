import { describe, expect, it } from "vitest";
import { buildCompany, buildUser } from "./factories.ts";
import { setForTest } from "./flags.ts";
import { useTestCore } from "./use-test-core.ts";

const core = useTestCore();
let userId = 0;
const allowGroup = async () =>
  (await core.db.pool.query("SELECT allow_group FROM users WHERE id = $1", [userId])).rows[0].allow_group;

describe("#setForTest", () => {
  it("changes the flags for the test that sets them", async () => {
    const company = await buildCompany(core.db.pool);
    userId = (await buildUser(core.db.pool, { companyId: company.id })).id;
    expect(await allowGroup()).toBe(false);
    await setForTest(core.db.pool, "users", userId, { allow_group: true });
    expect(await allowGroup()).toBe(true);
  });

  it("has put them back for the next test", async () => {
    expect(await allowGroup()).toBe(false);
  });
});
