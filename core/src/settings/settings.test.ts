import { describe, expect, it } from "vitest";
import { COMPANY_SETTING_DEFAULTS } from "../contract/settings.ts";
import { coreForFile, forFile } from "../testing/test-world.ts";
import { companyWithStaff } from "../testing/users-factories.ts";

const core = coreForFile();
const w = forFile(async () => {
  const staff = await companyWithStaff(core);
  const superToken = (await core.login("admin@chatflow.local", "chatflow")).token;
  return { ...staff, superToken };
});

describe("#companySettings", () => {
  it("answers every column of the caller's company with its defaults", async () => {
    const res = await core.api("GET", `/companySettings/${w.companyId}`, { token: w.agent.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ companyId: w.companyId, ...COMPANY_SETTING_DEFAULTS });
  });

  it("answers 404 ERR_NO_SETTING_FOUND for another company's settings", async () => {
    const res = await core.api("GET", "/companySettings/1", { token: w.admin.token });
    expect(res.status).toBe(404);
    expect(res.body.error).toBe("ERR_NO_SETTING_FOUND");
  });

  it("lets the super user read any company's settings", async () => {
    const res = await core.api("GET", `/companySettings/${w.companyId}`, { token: w.superToken });
    expect(res.status).toBe(200);
    expect(res.body.companyId).toBe(w.companyId);
  });

  it("answers one column as {column: value}", async () => {
    const res = await core.api("GET", "/companySettingOne?column=sendSignMessage", { token: w.agent.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ sendSignMessage: "enabled" });
    const unknown = await core.api("GET", "/companySettingOne?column=nope", { token: w.agent.token });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe("ERR_NO_SETTING_FOUND");
  });

  it("lets an admin change a column, for this company only", async () => {
    const res = await core.api("PUT", "/companySettings", {
      token: w.admin.token,
      body: { column: "requiredTag", data: "enabled" },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ requiredTag: "enabled" });
    expect((await core.api("GET", "/companySettingOne?column=requiredTag", { token: w.agent.token })).body).toEqual({
      requiredTag: "enabled",
    });
    const { rows } = await w.pool.query("SELECT company_id, value FROM settings WHERE key = 'requiredTag'");
    expect(rows).toEqual([{ company_id: w.companyId, value: "enabled" }]);
  });

  it("accepts free text for message columns and booleans for the two boolean columns", async () => {
    const text = await core.api("PUT", "/companySettings", {
      token: w.admin.token,
      body: { column: "greetingAcceptedMessage", data: "Olá {{name}}" },
    });
    expect(text.body).toEqual({ greetingAcceptedMessage: "Olá {{name}}" });
    const bool = await core.api("PUT", "/companySettings", {
      token: w.admin.token,
      body: { column: "showNotificationPending", data: true },
    });
    expect(bool.body).toEqual({ showNotificationPending: "true" });
  });

  it("refuses an unknown column (404 ERR_NO_SETTING_FOUND), a bad value, and a plain user", async () => {
    const unknown = await core.api("PUT", "/companySettings", {
      token: w.admin.token,
      body: { column: "x", data: "y" },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe("ERR_NO_SETTING_FOUND");
    const bad = await core.api("PUT", "/companySettings", {
      token: w.admin.token,
      body: { column: "scheduleType", data: "sometimes" },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe("ERR_VALIDATION");
    const plain = await core.api("PUT", "/companySettings", {
      token: w.agent.token,
      body: { column: "userRating", data: "enabled" },
    });
    expect(plain.status).toBe(403);
    expect(
      (await w.pool.query("SELECT 1 FROM settings WHERE key IN ('x', 'scheduleType', 'userRating')")).rowCount,
    ).toBe(0);
  });
});

describe("#settings (platform)", () => {
  it("lists platform settings to the super user and the company's settings to others", async () => {
    const platform = await core.api("GET", "/settings", { token: w.superToken });
    expect(platform.status).toBe(200);
    expect(platform.body).toContainEqual({ key: "userCreation", value: "enabled" });
    expect(platform.body).toContainEqual({ key: "appName", value: "Chat-flow" });
    const company = await core.api("GET", "/settings", { token: w.agent.token });
    expect(company.body).toContainEqual({ key: "sendSignMessage", value: "enabled" });
    expect(company.body.find((s: { key: string }) => s.key === "userCreation")).toBeUndefined();
  });

  it("lets only the super user change a platform setting, validated per key", async () => {
    const refused = await core.api("PUT", "/settings/appName", { token: w.admin.token, body: { value: "Mine" } });
    expect(refused.status).toBe(403);
    const bad = await core.api("PUT", "/settings/primaryColorLight", { token: w.superToken, body: { value: "blue" } });
    expect(bad.status).toBe(400);
    expect(bad.body.fields.value).toBe("Invalid color");
    const unknown = await core.api("PUT", "/settings/nope", { token: w.superToken, body: { value: "1" } });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe("ERR_NO_SETTING_FOUND");
    const ok = await core.api("PUT", "/settings/mpaccesstoken", { token: w.superToken, body: { value: "MP-123" } });
    expect(ok.body).toEqual({ key: "mpaccesstoken", value: "MP-123" });
    expect((await core.api("GET", "/setting/mpaccesstoken", { token: w.superToken })).body.value).toBe("MP-123");
  });

  it("reads one setting: company columns for members, secrets for the super user only", async () => {
    expect((await core.api("GET", "/setting/requiredTag", { token: w.agent.token })).body).toEqual({
      key: "requiredTag",
      value: "enabled",
    });
    expect((await core.api("GET", "/setting/userCreation", { token: w.agent.token })).body.value).toBe("enabled");
    const secret = await core.api("GET", "/setting/mpaccesstoken", { token: w.admin.token });
    expect(secret.status).toBe(403);
    expect(JSON.stringify(secret.body)).not.toContain("MP-123");
    expect((await core.api("GET", "/setting/nope", { token: w.agent.token })).status).toBe(404);
  });
});

describe("#public-settings", () => {
  it("answers branding keys without a login, with the spec's defaults", async () => {
    expect((await core.api("GET", "/public-settings/appName")).body).toEqual({ key: "appName", value: "Chat-flow" });
    expect((await core.api("GET", "/public-settings/primaryColorLight")).body.value).toBe("#0000FF");
    expect((await core.api("GET", "/public-settings/primaryColorDark")).body.value).toBe("#39ACE7");
    await core.api("PUT", "/settings/appName", { token: w.superToken, body: { value: "Acme Inbox" } });
    expect((await core.api("GET", "/public-settings/appName")).body.value).toBe("Acme Inbox");
  });

  it("answers 404 for any other key, secrets included", async () => {
    for (const key of ["mpaccesstoken", "userCreation", "nope"]) {
      const res = await core.api("GET", `/public-settings/${key}`);
      expect(res.status, key).toBe(404);
      expect(res.body.error).toBe("ERR_NO_SETTING_FOUND");
    }
  });
});
