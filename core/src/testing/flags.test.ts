import { describe, expect, it } from "vitest";
import { getCompanySetting, setCompanySetting } from "../settings/company-settings.ts";
import { buildCompany, buildUser } from "./factories.ts";
import { setForTest, settingForTest } from "./flags.ts";
import { coreForFile, forFile } from "./test-world.ts";

const core = coreForFile();
const w = forFile(async () => {
  const companyId = (await buildCompany(core.db.pool)).id;
  const userId = (await buildUser(core.db.pool, { companyId })).id;
  // One setting stored with a value of its own, one left to its default (no row).
  await setCompanySetting(core.db.pool, companyId, "transferMessage", "Stored before the tests");
  return { companyId, userId };
});
const allowGroup = async () =>
  (await core.db.pool.query("SELECT allow_group FROM users WHERE id = $1", [w.userId])).rows[0].allow_group;
const settingRows = async () =>
  (await core.db.pool.query("SELECT key, value FROM settings WHERE company_id = $1 ORDER BY key", [w.companyId])).rows;

describe("#setForTest", () => {
  it("changes the flags for the test that sets them", async () => {
    expect(await allowGroup()).toBe(false);
    await setForTest(core.db.pool, "users", w.userId, { allow_group: true });
    expect(await allowGroup()).toBe(true);
  });

  it("has put them back for the next test", async () => {
    expect(await allowGroup()).toBe(false);
  });
});

describe("#settingForTest", () => {
  it("changes a company's settings for the test that sets them", async () => {
    await settingForTest(core.db.pool, w.companyId, "transferMessage", "For this test");
    await settingForTest(core.db.pool, w.companyId, "userRating", "enabled");
    expect(await getCompanySetting(core.db.pool, w.companyId, "transferMessage")).toBe("For this test");
    expect(await getCompanySetting(core.db.pool, w.companyId, "userRating")).toBe("enabled");
  });

  it("has put the stored value back and removed the row it added", async () => {
    expect(await settingRows()).toEqual([{ key: "transferMessage", value: "Stored before the tests" }]);
  });
});
