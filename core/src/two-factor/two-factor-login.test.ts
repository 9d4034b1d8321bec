import { describe, expect, it } from "vitest";
import { CHALLENGE_MAX_WRONG } from "../contract/two-factor.ts";
import { buildCompany } from "../testing/factories.ts";
import { coreForFile } from "../testing/test-world.ts";
import { codeOf } from "../testing/totp-codes.ts";
import { cookieNamed, enrolled, passwordStep } from "../testing/two-factor-factories.ts";
import { signedIn } from "../testing/users-factories.ts";
import { open, twoFactorKey } from "./secret-box.ts";
import { base32Decode } from "./totp.ts";

const core = coreForFile();

async function enrolledUser(profile: "admin" | "user" = "user") {
  const company = await buildCompany(core.db.pool);
  const u = await signedIn(core, { companyId: company.id, profile });
  const factor = await enrolled(core, u.token);
  return { ...u, companyId: company.id, ...factor };
}

const verify = (challenge: string, code: string, trustDevice = false) =>
  core.api("POST", "/auth/2fa/verify", { body: { challenge, code, trustDevice } });

describe("#two-factor enrolment", () => {
  it("shows a secret and its otpauth URI, keeps it sealed, and turns on only with a right code", async () => {
    const company = await buildCompany(core.db.pool);
    const u = await signedIn(core, { companyId: company.id });
    const setup = await core.api("POST", "/two-factor/setup", { token: u.token });
    expect(setup.status).toBe(200);
    expect(setup.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(setup.body.uri);
    expect(uri.protocol).toBe("otpauth:");
    expect(uri.searchParams.get("secret")).toBe(setup.body.secret);
    expect(uri.searchParams.get("issuer")).toBe("Chat-flow");
    expect(decodeURIComponent(setup.body.uri)).toContain(u.email);

    // At rest: sealed, not the secret in any spelling; it opens to the same bytes with the installation's key.
    const { rows } = await core.db.pool.query("SELECT pending_secret, secret FROM user_two_factor WHERE user_id = $1", [
      u.id,
    ]);
    expect(rows[0].secret).toBeNull();
    expect(rows[0].pending_secret).not.toContain(setup.body.secret);
    const key = await twoFactorKey(core.db.pool);
    expect(open(key, rows[0].pending_secret).equals(base32Decode(setup.body.secret))).toBe(true);

    const wrong = await core.api("POST", "/two-factor/confirm", { token: u.token, body: { code: "000000" } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe("ERR_INVALID_TWO_FACTOR_CODE");
    expect((await core.api("GET", "/two-factor", { token: u.token })).body).toMatchObject({ enabled: false });

    const right = await core.api("POST", "/two-factor/confirm", {
      token: u.token,
      body: { code: codeOf(setup.body.secret) },
    });
    expect(right.status).toBe(200);
    expect(right.body.recoveryCodes).toHaveLength(10);
    expect(new Set(right.body.recoveryCodes).size).toBe(10);
    for (const c of right.body.recoveryCodes) expect(c).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
    // Stored hashed: no code appears in the table.
    const stored = await core.db.pool.query("SELECT code_hash FROM two_factor_recovery_codes WHERE user_id = $1", [
      u.id,
    ]);
    expect(stored.rows).toHaveLength(10);
    for (const r of stored.rows) for (const c of right.body.recoveryCodes) expect(r.code_hash).not.toContain(c);
    expect((await core.api("GET", "/two-factor", { token: u.token })).body).toEqual({
      enabled: true,
      required: false,
      recoveryCodesLeft: 10,
      trustedDevices: 0,
    });
    const audit = await core.db.pool.query("SELECT kind FROM audit_entries WHERE company_id = $1 AND subject_id = $2", [
      company.id,
      u.id,
    ]);
    expect(audit.rows.map((r) => r.kind)).toContain("twoFactor.enable");
    // A second setup while on is refused.
    expect((await core.api("POST", "/two-factor/setup", { token: u.token })).status).toBe(409);
  });
});

describe("#auth.login with two-factor sign-in", () => {
  it("answers a challenge, not a token, and the code then answers the usual token and refresh cookie", async () => {
    const u = await enrolledUser();
    const first = await passwordStep(core, u.email, u.password);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ twoFactor: "code", challenge: expect.any(String) });
    expect(cookieNamed(first.headers, "jrt")).toBeUndefined();
    // The challenge is no access token.
    const me = await core.api("GET", "/auth/me", { token: first.body.challenge });
    expect(me.status).toBe(403);
    expect(me.body.error).toBe("ERR_INVALID_TOKEN");

    const second = await verify(first.body.challenge, codeOf(u.secret, 1));
    expect(second.status).toBe(200);
    expect(second.body.user).toMatchObject({ id: u.id });
    expect((await core.api("GET", "/auth/me", { token: second.body.token })).status).toBe(200);
    const jrt = cookieNamed(second.headers, "jrt");
    expect(jrt).toBeDefined();
    // The refresh rules of spec 1 hold on the session it started.
    expect((await core.api("POST", "/auth/refresh_token", { cookie: jrt })).status).toBe(200);
    // Single-use: the spent challenge takes nothing more.
    const again = await verify(first.body.challenge, codeOf(u.secret, 1));
    expect(again.status).toBe(401);
    expect(again.body.error).toBe("ERR_TWO_FACTOR_CHALLENGE_EXPIRED");
  });

  it("takes a code once: the same code on the next login is refused, the next step's is taken", async () => {
    const u = await enrolledUser();
    const code = codeOf(u.secret, 1);
    const a = await passwordStep(core, u.email, u.password);
    expect((await verify(a.body.challenge, code)).status).toBe(200);
    const b = await passwordStep(core, u.email, u.password);
    const replay = await verify(b.body.challenge, code);
    expect(replay.status).toBe(400);
    expect(replay.body.error).toBe("ERR_INVALID_TWO_FACTOR_CODE");
    // Nor an older step's code (the enrolment's).
    expect((await verify(b.body.challenge, codeOf(u.secret))).status).toBe(400);
  });

  it(`ends a challenge after ${CHALLENGE_MAX_WRONG} wrong codes, even for a right one after`, async () => {
    const u = await enrolledUser();
    const { body } = await passwordStep(core, u.email, u.password);
    for (let i = 0; i < CHALLENGE_MAX_WRONG; i++) expect((await verify(body.challenge, "000000")).status).toBe(400);
    const late = await verify(body.challenge, codeOf(u.secret, 1));
    expect(late.status).toBe(401);
    expect(late.body.error).toBe("ERR_TWO_FACTOR_CHALLENGE_EXPIRED");
  });

  it("limits code guesses per user across challenges (429), and a right code after the window clears it", async () => {
    const u = await enrolledUser();
    for (let round = 0; round < 2; round++) {
      const { body } = await passwordStep(core, u.email, u.password);
      for (let i = 0; i < 5; i++) expect((await verify(body.challenge, "111111")).status).toBe(400);
    }
    const { body } = await passwordStep(core, u.email, u.password);
    const limited = await verify(body.challenge, codeOf(u.secret, 1));
    expect(limited.status).toBe(429);
    expect(limited.body.error).toBe("ERR_TOO_MANY_REQUESTS");
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    await core.db.pool.query("UPDATE rate_limits SET window_start = window_start - interval '1 hour' WHERE key = $1", [
      `2fa:user:${u.id}`,
    ]);
    expect((await verify(body.challenge, codeOf(u.secret, 1))).status).toBe(200);
  });

  it("takes each recovery code once, and records its use", async () => {
    const u = await enrolledUser();
    const recovery = u.recoveryCodes[3]!;
    const a = await passwordStep(core, u.email, u.password);
    // As typed: upper case, without the dash.
    expect((await verify(a.body.challenge, recovery.toUpperCase().replace("-", ""))).status).toBe(200);
    const b = await passwordStep(core, u.email, u.password);
    expect((await verify(b.body.challenge, recovery)).status).toBe(400);
    expect((await verify(b.body.challenge, u.recoveryCodes[4]!)).status).toBe(200);
    const audit = await core.db.pool.query(
      "SELECT detail FROM audit_entries WHERE company_id = $1 AND kind = 'twoFactor.recoveryCodeUsed' ORDER BY id",
      [u.companyId],
    );
    expect(audit.rows.map((r) => r.detail.left)).toEqual([9, 8]);
  });

  it("skips the second step on a trusted device of the same user until the devices are forgotten", async () => {
    const u = await enrolledUser();
    const other = await enrolledUser();
    const a = await passwordStep(core, u.email, u.password);
    const trusted = await verify(a.body.challenge, codeOf(u.secret, 1), true);
    expect(trusted.status).toBe(200);
    const jtd = cookieNamed(trusted.headers, "jtd")!;
    expect(jtd).toBeDefined();
    expect(trusted.headers.getSetCookie().find((c) => c.startsWith("jtd="))).toMatch(/HttpOnly/i);

    const direct = await passwordStep(core, u.email, u.password, jtd);
    expect(direct.status).toBe(200);
    expect(typeof direct.body.token).toBe("string");
    // Tied to its user: another account on the same browser still gets the second step.
    expect((await passwordStep(core, other.email, other.password, jtd)).body.twoFactor).toBe("code");
    // A wrong password is still refused with it.
    expect((await passwordStep(core, u.email, "Wrong-pass1", jtd)).status).toBe(401);

    expect((await core.api("GET", "/two-factor", { token: direct.body.token })).body.trustedDevices).toBe(1);
    expect((await core.api("DELETE", "/two-factor/trusted-devices", { token: direct.body.token })).status).toBe(204);
    expect((await passwordStep(core, u.email, u.password, jtd)).body.twoFactor).toBe("code");
  });

  it("leaves a user without 2FA the login of spec 1: the token at once", async () => {
    const company = await buildCompany(core.db.pool);
    const u = await signedIn(core, { companyId: company.id });
    const res = await passwordStep(core, u.email, u.password);
    expect(res.status).toBe(200);
    expect(res.body.challenge).toBeUndefined();
    expect(typeof res.body.token).toBe("string");
    expect(cookieNamed(res.headers, "jrt")).toBeDefined();
  });
});

describe("#two-factor recovery codes renewed", () => {
  it("gives ten new codes for a right code, and the old ones stop working", async () => {
    const u = await enrolledUser();
    const wrong = await core.api("POST", "/two-factor/recovery-codes", { token: u.token, body: { code: "000000" } });
    expect(wrong.status).toBe(400);
    const res = await core.api("POST", "/two-factor/recovery-codes", {
      token: u.token,
      body: { code: codeOf(u.secret, 1) },
    });
    expect(res.status).toBe(200);
    expect(res.body.recoveryCodes).toHaveLength(10);
    expect(res.body.recoveryCodes).not.toContain(u.recoveryCodes[0]);
    const a = await passwordStep(core, u.email, u.password);
    expect((await verify(a.body.challenge, u.recoveryCodes[0]!)).status).toBe(400);
    expect((await verify(a.body.challenge, res.body.recoveryCodes[0])).status).toBe(200);
    const audit = await core.db.pool.query(
      "SELECT user_id, subject_id FROM audit_entries WHERE company_id = $1 AND kind = 'twoFactor.recoveryCodesRenewed'",
      [u.companyId],
    );
    expect(audit.rows).toEqual([{ user_id: u.id, subject_id: u.id }]);
    // Without 2FA on there is nothing to renew.
    const company = await buildCompany(core.db.pool);
    const plain = await signedIn(core, { companyId: company.id });
    expect(
      (await core.api("POST", "/two-factor/recovery-codes", { token: plain.token, body: { code: "123456" } })).status,
    ).toBe(400);
  });
});

describe("#two-factor disable", () => {
  it("needs a right code or the password, and takes the recovery codes and trusted devices with it", async () => {
    const u = await enrolledUser();
    const wrong = await core.api("POST", "/two-factor/disable", { token: u.token, body: { code: "000000" } });
    expect(wrong.status).toBe(400);
    expect((await core.api("POST", "/two-factor/disable", { token: u.token, body: { password: "nope" } })).status).toBe(
      400,
    );
    expect((await core.api("POST", "/two-factor/disable", { token: u.token, body: {} })).status).toBe(400);
    expect((await core.api("GET", "/two-factor", { token: u.token })).body.enabled).toBe(true);
    const ok = await core.api("POST", "/two-factor/disable", { token: u.token, body: { password: u.password } });
    expect(ok.status).toBe(204);
    expect((await core.api("GET", "/two-factor", { token: u.token })).body).toMatchObject({
      enabled: false,
      recoveryCodesLeft: 0,
    });
    expect(typeof (await passwordStep(core, u.email, u.password)).body.token).toBe("string");
    const audit = await core.db.pool.query("SELECT kind FROM audit_entries WHERE company_id = $1", [u.companyId]);
    expect(audit.rows.map((r) => r.kind)).toContain("twoFactor.disable");
  });

  it("takes a code from the app too", async () => {
    const u = await enrolledUser();
    const ok = await core.api("POST", "/two-factor/disable", { token: u.token, body: { code: codeOf(u.secret, 1) } });
    expect(ok.status).toBe(204);
  });
});
