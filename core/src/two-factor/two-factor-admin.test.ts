import { describe, expect, it } from "vitest";
import { transaction } from "../kernel/transaction.ts";
import { requestPasswordReset, resetPassword } from "../password-reset/password-reset.ts";
import { buildCompany } from "../testing/factories.ts";
import { coreForFile } from "../testing/test-world.ts";
import { codeOf } from "../testing/totp-codes.ts";
import { enrolled, passwordStep } from "../testing/two-factor-factories.ts";
import { signedIn } from "../testing/users-factories.ts";

const core = coreForFile();

async function company() {
  const c = await buildCompany(core.db.pool);
  const admin = await signedIn(core, { companyId: c.id, profile: "admin" });
  const user = await signedIn(core, { companyId: c.id, profile: "user" });
  return { id: c.id, admin, user };
}

const setCompanySetting = (token: string, column: string, data: string) =>
  core.api("PUT", "/companySettings", { token, body: { column, data } });

describe("#two-factor required by the company", () => {
  it("leads a user without it to enrol after the password, then into the app with ten recovery codes", async () => {
    const c = await company();
    const other = await company();
    expect((await setCompanySetting(c.admin.token, "requireTwoFactor", "enabled")).status).toBe(200);

    const first = await passwordStep(core, c.user.email, c.user.password);
    expect(first.body).toEqual({ twoFactor: "enrol", challenge: expect.any(String) });
    // Another company's users are untouched.
    expect(typeof (await passwordStep(core, other.user.email, other.user.password)).body.token).toBe("string");
    // The enrol challenge is no "code" challenge.
    expect(
      (await core.api("POST", "/auth/2fa/verify", { body: { challenge: first.body.challenge, code: "123456" } }))
        .status,
    ).toBe(401);

    const setup = await core.api("POST", "/auth/2fa/enrol", { body: { challenge: first.body.challenge } });
    expect(setup.status).toBe(200);
    const wrong = await core.api("POST", "/auth/2fa/enrol/confirm", {
      body: { challenge: first.body.challenge, code: "000000" },
    });
    expect(wrong.status).toBe(400);
    const done = await core.api("POST", "/auth/2fa/enrol/confirm", {
      body: { challenge: first.body.challenge, code: codeOf(setup.body.secret) },
    });
    expect(done.status).toBe(200);
    expect(done.body.recoveryCodes).toHaveLength(10);
    expect(done.body.user).toMatchObject({ id: c.user.id });
    expect((await core.api("GET", "/auth/me", { token: done.body.token })).status).toBe(200);
    // Spent: it enrols no second secret.
    expect((await core.api("POST", "/auth/2fa/enrol", { body: { challenge: first.body.challenge } })).status).toBe(401);

    // From now on a code is asked; turning it off is refused while required.
    expect((await passwordStep(core, c.user.email, c.user.password)).body.twoFactor).toBe("code");
    const off = await core.api("POST", "/two-factor/disable", {
      token: done.body.token,
      body: { password: c.user.password },
    });
    expect(off.status).toBe(409);
    expect(off.body.error).toBe("ERR_TWO_FACTOR_REQUIRED");
    expect((await core.api("GET", "/two-factor", { token: done.body.token })).body).toMatchObject({
      enabled: true,
      required: true,
    });
  });

  it("is the admins' to set: a plain user cannot", async () => {
    const c = await company();
    expect((await setCompanySetting(c.user.token, "requireTwoFactor", "enabled")).status).toBe(403);
    expect((await setCompanySetting(c.admin.token, "requireTwoFactor", "sometimes")).status).toBe(400);
  });
});

describe("#two-factor required for the platform's admins", () => {
  it("asks every company's admins and the super user to enrol, not plain users", async () => {
    const c = await company();
    const superUser = await core.login("admin@chatflow.local", "chatflow");
    // Only the super user sets it.
    expect(
      (await core.api("PUT", "/settings/requireTwoFactorAdmins", { token: c.admin.token, body: { value: "enabled" } }))
        .status,
    ).toBe(403);
    const set = await core.api("PUT", "/settings/requireTwoFactorAdmins", {
      token: superUser.token,
      body: { value: "enabled" },
    });
    expect(set.status).toBe(200);
    expect((await passwordStep(core, c.admin.email, c.admin.password)).body.twoFactor).toBe("enrol");
    expect((await passwordStep(core, "admin@chatflow.local", "chatflow")).body.twoFactor).toBe("enrol");
    expect(typeof (await passwordStep(core, c.user.email, c.user.password)).body.token).toBe("string");
    await core.db.pool.query("DELETE FROM platform_settings WHERE key = 'requireTwoFactorAdmins'");
  });
});

describe("#two-factor and the password reset", () => {
  it("keeps the second factor: the new password still leads to the code step", async () => {
    const c = await company();
    const { secret } = await enrolled(core, c.user.token);
    const code = await transaction(core.db.pool, (client) => requestPasswordReset(client, c.user.email, 600));
    const reset = await transaction(core.db.pool, (client) =>
      resetPassword(client, { email: c.user.email, token: code!.code, newPassword: "New-passw0rd!" }),
    );
    expect(reset).toBe(c.user.id);
    const first = await passwordStep(core, c.user.email, "New-passw0rd!");
    expect(first.body.twoFactor).toBe("code");
    const second = await core.api("POST", "/auth/2fa/verify", {
      body: { challenge: first.body.challenge, code: codeOf(secret, 1) },
    });
    expect(second.status).toBe(200);
  });
});

describe("#two-factor admin reset", () => {
  it("lets the company's admin reset a user's second factor, audited, and the user signs in with the password", async () => {
    const c = await company();
    await enrolled(core, c.user.token);
    expect((await core.api("GET", `/users/${c.user.id}/two-factor`, { token: c.admin.token })).body).toEqual({
      enabled: true,
    });
    const res = await core.api("DELETE", `/users/${c.user.id}/two-factor`, { token: c.admin.token });
    expect(res.status).toBe(204);
    expect((await core.api("GET", `/users/${c.user.id}/two-factor`, { token: c.admin.token })).body).toEqual({
      enabled: false,
    });
    expect(typeof (await passwordStep(core, c.user.email, c.user.password)).body.token).toBe("string");
    const { rows } = await core.db.pool.query(
      "SELECT user_id, subject_id FROM audit_entries WHERE company_id = $1 AND kind = 'twoFactor.adminReset'",
      [c.id],
    );
    expect(rows).toEqual([{ user_id: c.admin.id, subject_id: c.user.id }]);
  });

  it("refuses plain users (403) and another company's admin (404), changing nothing", async () => {
    const c = await company();
    const other = await company();
    await enrolled(core, c.admin.token);
    expect((await core.api("DELETE", `/users/${c.admin.id}/two-factor`, { token: c.user.token })).status).toBe(403);
    const foreign = await core.api("DELETE", `/users/${c.admin.id}/two-factor`, { token: other.admin.token });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error).toBe("ERR_NO_USER_FOUND");
    expect((await core.api("GET", `/users/${c.admin.id}/two-factor`, { token: other.admin.token })).status).toBe(404);
    expect((await core.api("GET", "/two-factor", { token: c.admin.token })).body.enabled).toBe(true);
  });

  it("lets the super user reset any company's user, recorded in that company", async () => {
    const c = await company();
    await enrolled(core, c.user.token);
    const superUser = await core.login("admin@chatflow.local", "chatflow");
    expect((await core.api("DELETE", `/users/${c.user.id}/two-factor`, { token: superUser.token })).status).toBe(204);
    expect((await core.api("GET", "/two-factor", { token: c.user.token })).body.enabled).toBe(false);
    const { rows } = await core.db.pool.query(
      "SELECT user_id FROM audit_entries WHERE company_id = $1 AND kind = 'twoFactor.adminReset'",
      [c.id],
    );
    expect(rows).toEqual([{ user_id: 1 }]);
  });
});
