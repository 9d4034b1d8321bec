// The password reset (spec 3 §4, §5, §7; decision 0078) against a real SMTP server on loopback and PostgreSQL:
// the code arrives by mail and resets once; a wrong, expired or used code is refused and changes nothing; the
// answers do not tell which e-mails have an account; requests and tries are limited per address and per e-mail.
import { beforeEach, describe, expect, it } from "vitest";
import { PASSWORD_POLICY_MESSAGE } from "../contract/password-policy.ts";
import { RESET_CODE_REFUSED } from "../contract/password-reset.ts";
import { loadPasswordReset } from "../kernel/config.ts";
import { buildCompany, buildUser } from "../testing/factories.ts";
import { resetCodeOf, startFakeSmtp } from "../testing/fake-smtp.ts";
import { coreForFile, forFile } from "../testing/test-world.ts";
import { RESET_MAX_WRONG_TRIES } from "./password-reset.ts";

const smtp = forFile(startFakeSmtp, { stop: (s) => s.close() });
const core = coreForFile(() => ({
  mail: { smtpUrl: smtp.url, from: "Chat-flow <no-reply@chatflow.test>" },
  passwordReset: {
    ...loadPasswordReset(),
    requestPerIp: { max: 1000, windowSeconds: 3600 },
    requestPerEmail: { max: 1000, windowSeconds: 3600 },
    resetPerIp: { max: 1000, windowSeconds: 3600 },
    resetPerEmail: { max: 1000, windowSeconds: 3600 },
  },
  trustProxy: "loopback",
}));
const w = forFile(async () => {
  const company = await buildCompany(core.db.pool, { name: "Reset Co" });
  return { companyId: company.id };
});
beforeEach(async () => {
  await core.db.pool.query("DELETE FROM rate_limits");
});

let ip = 0;
const post = async (path: string, from = `198.51.100.${++ip % 250}`) => {
  const res = await fetch(`${core.url}${path}`, { method: "POST", headers: { "x-forwarded-for": from } });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined, headers: res.headers };
};
const forgot = (email: string, from?: string) => post(`/forgetpsw/${encodeURIComponent(email)}`, from);
const reset = (email: string, token: string, password: string, from?: string) =>
  post(
    `/resetpasswords/${encodeURIComponent(email)}/${encodeURIComponent(token)}/${encodeURIComponent(password)}`,
    from,
  );
const passwordHash = async (userId: number) =>
  (await core.db.pool.query("SELECT password_hash FROM users WHERE id = $1", [userId])).rows[0].password_hash;
const user = () => buildUser(core.db.pool, { companyId: w.companyId, password: "Old-pass1" });
/** Asks a code for `email` and reads it from the mail that arrives. */
const codeFor = async (email: string) => {
  const before = smtp.mails.length;
  expect((await forgot(email)).status).toBe(204);
  return resetCodeOf(await smtp.next(email, before));
};
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

describe("#forgetpsw", () => {
  it("mails a code that resets the password once and ends the user's sessions", async () => {
    const u = await user();
    const session = await core.login(u.email, "Old-pass1");
    const code = await codeFor(u.email.toUpperCase());
    expect(code).toMatch(/^\d{6}$/);
    // Stored hashed, never as typed.
    const stored = await core.db.pool.query("SELECT code_hash FROM password_reset_codes WHERE user_id = $1", [u.id]);
    expect(stored.rows[0].code_hash).not.toContain(code);

    expect((await reset(u.email, code, "New-pass1")).status).toBe(204);
    expect((await core.api("POST", "/auth/login", { body: { email: u.email, password: "Old-pass1" } })).status).toBe(
      401,
    );
    await core.login(u.email, "New-pass1");
    // The session from before the reset is over: its access token and its refresh cookie are refused.
    expect((await core.api("GET", "/auth/me", { token: session.token })).status).toBe(401);
    expect((await core.api("POST", "/auth/refresh_token", { cookie: session.cookie })).status).toBe(401);

    // Used once: the same code again is refused and the password stays.
    const hash = await passwordHash(u.id);
    const again = await reset(u.email, code, "Other-pass2");
    expect(again.status).toBe(400);
    expect(again.body.fields).toEqual({ token: RESET_CODE_REFUSED });
    expect(await passwordHash(u.id)).toBe(hash);
  });

  it("refuses a wrong or expired code and changes nothing; a new request replaces the old code", async () => {
    const u = await user();
    const session = await core.login(u.email, "Old-pass1");
    const hash = await passwordHash(u.id);
    const first = await codeFor(u.email);
    const wrong = await reset(u.email, wrongCode(first), "New-pass1");
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ error: "ERR_VALIDATION", fields: { token: RESET_CODE_REFUSED } });
    expect(await passwordHash(u.id)).toBe(hash);
    expect((await core.api("GET", "/auth/me", { token: session.token })).status).toBe(200);

    const second = await codeFor(u.email);
    if (second !== first) expect((await reset(u.email, first, "New-pass1")).status).toBe(400);
    await core.db.pool.query(
      "UPDATE password_reset_codes SET expires_at = now() - interval '1 second' WHERE user_id = $1",
      [u.id],
    );
    expect((await reset(u.email, second, "New-pass1")).status).toBe(400);
    expect(await passwordHash(u.id)).toBe(hash);
    expect((await core.api("GET", "/auth/me", { token: session.token })).status).toBe(200);
  });

  it(`deletes a code after ${RESET_MAX_WRONG_TRIES} wrong tries, so the right one no longer works`, async () => {
    const u = await user();
    const code = await codeFor(u.email);
    for (let i = 0; i < RESET_MAX_WRONG_TRIES; i++) {
      expect((await reset(u.email, wrongCode(code), "New-pass1")).status).toBe(400);
    }
    expect((await reset(u.email, code, "New-pass1")).status).toBe(400);
    await core.login(u.email, "Old-pass1");
  });

  it("answers an e-mail without an account like one with it, and mails nothing", async () => {
    const u = await user();
    const before = smtp.mails.length;
    const unknown = await forgot(`nobody-${Date.now()}@example.com`);
    const known = await forgot(u.email);
    expect(unknown.status).toBe(204);
    expect(known.status).toBe(204);
    await smtp.next(u.email, before);
    expect(smtp.mails.slice(before).map((m) => m.to)).toEqual([[u.email.toLowerCase()]]);
    const noAccount = await reset(`nobody-${Date.now()}@example.com`, "123456", "New-pass1");
    expect(noAccount.status).toBe(400);
    expect(noAccount.body.fields).toEqual({ token: RESET_CODE_REFUSED });
  });

  it("validates with the reset form's rules and writes nothing", async () => {
    const u = await user();
    const code = await codeFor(u.email);
    expect((await forgot("not-an-email")).body.fields).toEqual({ email: "Invalid email" });
    for (const weak of ["Short1", "alllower1", "ALLUPPER1", "NoDigitsHere"]) {
      const res = await reset(u.email, code, weak);
      expect(res.status, weak).toBe(400);
      expect(res.body.fields, weak).toEqual({ newPassword: PASSWORD_POLICY_MESSAGE["pt-BR"] });
    }
    expect((await reset(u.email, "12ab56", "New-pass1")).body.fields).toEqual({ token: RESET_CODE_REFUSED });
    // None of those counted against the code: it still resets.
    expect((await reset(u.email, code, "New-pass1")).status).toBe(204);
  });

  it("finds the account whatever company it belongs to (e-mails are unique on the platform)", async () => {
    const other = await buildCompany(core.db.pool, { name: "Other Co" });
    const u = await buildUser(core.db.pool, { companyId: other.id, password: "Old-pass1" });
    const code = await codeFor(u.email);
    expect((await reset(u.email, code, "New-pass1")).status).toBe(204);
    await core.login(u.email, "New-pass1");
  });
});

describe("#forgetpsw limits", () => {
  const limited = coreForFile(() => ({
    mail: { smtpUrl: smtp.url, from: "Chat-flow <no-reply@chatflow.test>" },
    passwordReset: {
      requestPerIp: { max: 3, windowSeconds: 3600 },
      requestPerEmail: { max: 2, windowSeconds: 3600 },
      resetPerIp: { max: 3, windowSeconds: 3600 },
      resetPerEmail: { max: 2, windowSeconds: 3600 },
      codeTtlSeconds: 1800,
    },
    trustProxy: "loopback",
  }));
  const call = (path: string, from: string) =>
    fetch(`${limited.url}${path}`, { method: "POST", headers: { "x-forwarded-for": from } });

  it("limits code requests per e-mail and per address with 429 and Retry-After", async () => {
    const email = `limit-${Date.now()}@example.com`;
    expect((await call(`/forgetpsw/${email}`, "203.0.113.1")).status).toBe(204);
    expect((await call(`/forgetpsw/${email}`, "203.0.113.2")).status).toBe(204);
    const third = await call(`/forgetpsw/${email}`, "203.0.113.3");
    expect(third.status).toBe(429);
    expect(Number(third.headers.get("retry-after"))).toBeGreaterThan(0);
    for (const i of [1, 2]) expect((await call(`/forgetpsw/ip-${i}-${email}`, "203.0.113.9")).status).toBe(204);
    expect((await call(`/forgetpsw/ip-3-${email}`, "203.0.113.9")).status).toBe(204);
    expect((await call(`/forgetpsw/ip-4-${email}`, "203.0.113.9")).status).toBe(429);
  });

  it("limits reset tries per e-mail across addresses", async () => {
    const email = `tries-${Date.now()}@example.com`;
    expect((await call(`/resetpasswords/${email}/000001/New-pass1`, "203.0.113.21")).status).toBe(400);
    expect((await call(`/resetpasswords/${email}/000002/New-pass1`, "203.0.113.22")).status).toBe(400);
    expect((await call(`/resetpasswords/${email}/000003/New-pass1`, "203.0.113.23")).status).toBe(429);
  });
});

describe("#settings/installation with a mail server", () => {
  it("tells the super user that mail is configured", async () => {
    const superToken = (await core.login("admin@chatflow.local", "chatflow")).token;
    const res = await core.api("GET", "/settings/installation", { token: superToken });
    expect(res.body).toMatchObject({ mailConfigured: true });
  });
});
