// The session answers carry what the PWA's shell decides with: plan flags and company settings.
import { describe, expect, it } from "vitest";
import { buildCompany, buildUser } from "../testing/factories.ts";
import { coreForFile } from "../testing/test-world.ts";

const core = coreForFile();

async function companyWithPlan(flags: { useKanban: boolean; useCampaigns: boolean }) {
  const company = await buildCompany(core.db.pool);
  const { rows } = await core.db.pool.query<{ id: number }>(
    `INSERT INTO plans (name, users, connections, queues, amount, use_kanban, use_campaigns)
     VALUES ($1, 5, 5, 5, 0, $2, $3) RETURNING id`,
    [`Plan ${company.id}`, flags.useKanban, flags.useCampaigns],
  );
  await core.db.pool.query("UPDATE companies SET plan_id = $1 WHERE id = $2", [rows[0]!.id, company.id]);
  return company;
}

describe("#session answers: company plan flags and settings", () => {
  it("login, refresh and /auth/me carry the plan's flags and the company's settings", async () => {
    const company = await companyWithPlan({ useKanban: true, useCampaigns: false });
    const u = await buildUser(core.db.pool, { companyId: company.id, profile: "user" });
    await core.db.pool.query(
      "INSERT INTO settings (company_id, key, value) VALUES ($1, 'showNotificationPending', 'true')",
      [company.id],
    );

    const login = await core.api("POST", "/auth/login", { body: { email: u.email, password: u.password } });
    expect(login.status).toBe(200);
    expect(login.body.user.company).toMatchObject({
      id: company.id,
      plan: { useKanban: true, useCampaigns: false },
      companieSettings: { showNotificationPending: "true", sendSignMessage: "enabled" },
    });

    // An admin switches a flag off: the next refresh says so (the PWA refreshes on every load).
    await core.db.pool.query(
      "UPDATE plans SET use_kanban = false WHERE id = (SELECT plan_id FROM companies WHERE id = $1)",
      [company.id],
    );
    const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0]!;
    const refreshed = await core.api("POST", "/auth/refresh_token", { cookie });
    expect(refreshed.body.user.company.plan.useKanban).toBe(false);

    const me = await core.api("GET", "/auth/me", { token: refreshed.body.token });
    expect(me.body.company).toMatchObject({
      plan: { useKanban: false },
      companieSettings: { showNotificationPending: "true" },
    });
    expect(Object.keys(me.body.company.plan).sort()).toEqual(
      [
        "useCampaigns",
        "useExternalApi",
        "useFacebook",
        "useInstagram",
        "useIntegrations",
        "useInternalChat",
        "useKanban",
        "useOpenAi",
        "useSchedules",
        "useWhatsapp",
      ].sort(),
    );
  });

  it("a company without a plan has plan null and the default settings", async () => {
    const company = await buildCompany(core.db.pool);
    const u = await buildUser(core.db.pool, { companyId: company.id });
    const session = await core.login(u.email, u.password);
    const me = await core.api("GET", "/auth/me", { token: session.token });
    expect(me.body.company.plan).toBeNull();
    expect(me.body.company.companieSettings.showNotificationPending).toBe("false");
  });

  it("reads only the caller's company", async () => {
    const mine = await companyWithPlan({ useKanban: false, useCampaigns: false });
    const other = await companyWithPlan({ useKanban: true, useCampaigns: true });
    await core.db.pool.query(
      "INSERT INTO settings (company_id, key, value) VALUES ($1, 'showNotificationPending', 'true')",
      [other.id],
    );
    const u = await buildUser(core.db.pool, { companyId: mine.id });
    const session = await core.login(u.email, u.password);
    const me = await core.api("GET", "/auth/me", { token: session.token });
    expect(me.body.company.plan).toMatchObject({ useKanban: false, useCampaigns: false });
    expect(me.body.company.companieSettings.showNotificationPending).toBe("false");
  });
});
