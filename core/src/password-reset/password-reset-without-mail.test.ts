// An installation without a mail server (SMTP_URL unset; decision 0104): asking for a reset code says it cannot be
// sent, alike for an e-mail with an account and one without (no enumeration), and makes no code; the super user's
// settings read that mail (and PUBLIC_URL) are not configured.
import { describe, expect, it } from "vitest";
import { buildCompany, buildUser } from "../testing/factories.ts";
import { coreForFile, forFile } from "../testing/test-world.ts";
import { signedIn } from "../testing/users-factories.ts";

const core = coreForFile(() => ({ mail: { from: "Chat-flow <no-reply@chatflow.test>" }, publicUrl: undefined }));
const w = forFile(async () => {
  const company = await buildCompany(core.db.pool, { name: "No Mail Co" });
  const user = await buildUser(core.db.pool, { companyId: company.id, password: "Old-pass1" });
  const admin = await signedIn(core, { companyId: company.id });
  const superToken = (await core.login("admin@chatflow.local", "chatflow")).token;
  return { user, admin, superToken };
});

const forgot = (email: string) => core.api("POST", `/forgetpsw/${encodeURIComponent(email)}`);

describe("#forgetpsw without a mail server", () => {
  it("answers ERR_MAIL_NOT_CONFIGURED alike whether or not the e-mail has an account, and makes no code", async () => {
    const known = await forgot(w.user.email);
    const unknown = await forgot(`nobody-${Date.now()}@example.com`);
    expect([known.status, known.body.error]).toEqual([503, "ERR_MAIL_NOT_CONFIGURED"]);
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    const codes = await core.db.pool.query("SELECT 1 FROM password_reset_codes WHERE user_id = $1", [w.user.id]);
    expect(codes.rowCount).toBe(0);
  });

  it("still refuses a malformed e-mail first, with the spec's message", async () => {
    const res = await forgot("not-an-email");
    expect([res.status, res.body.fields]).toEqual([400, { email: "Invalid email" }]);
  });
});

describe("#settings/installation", () => {
  it("tells the super user that mail and the public address are not configured; nobody else", async () => {
    const res = await core.api("GET", "/settings/installation", { token: w.superToken });
    expect([res.status, res.body]).toEqual([200, { mailConfigured: false, publicUrlConfigured: false }]);
    const admin = await core.api("GET", "/settings/installation", { token: w.admin.token });
    expect([admin.status, admin.body.error]).toEqual([403, "ERR_NO_PERMISSION"]);
  });
});
