import { describe, expect, it } from "vitest";
import { PASSWORD_POLICY_MESSAGE } from "../contract/password-policy.ts";
import { COMPANY_SETTING_DEFAULTS } from "../contract/settings.ts";
import { addDays, businessToday } from "../kernel/business-date.ts";
import { coreForFile, forFile } from "../testing/test-world.ts";
import { buildPlan } from "../testing/users-factories.ts";

const core = coreForFile();
const w = forFile(async () => {
  const pool = core.db.pool;
  const planId = (await buildPlan(pool, { name: "Básico", users: 3, connections: 2, queues: 4, amount: 49.9 })).id;
  return { pool, planId };
});

const form = (o: Record<string, unknown> = {}) => ({
  companyName: "Padaria Central",
  name: "Dona Maria",
  email: `maria-${Math.random().toString(36).slice(2, 10)}@example.com`,
  password: "Senha123",
  phone: "5511999990000",
  planId: w.planId,
  ...o,
});

const companies = async () => (await w.pool.query("SELECT count(*)::int AS n FROM companies")).rows[0].n as number;

describe("#auth.signup", () => {
  it("creates the company on a 7-day trial, its settings and its admin, who can then sign in", async () => {
    const body = form();
    const res = await core.api("POST", "/auth/signup", { body });
    expect(res.status).toBe(201);
    const dueDate = addDays(businessToday(), 7);
    expect(res.body).toEqual({
      company: { name: "Padaria Central", dueDate },
      user: { name: "Dona Maria", email: body.email, profile: "admin" },
    });
    const { rows: made } = await w.pool.query("SELECT id, company_id FROM users WHERE email = $1", [body.email]);
    const companyId = made[0].company_id;
    const row = (await w.pool.query("SELECT plan_id, phone, email, status FROM companies WHERE id = $1", [companyId]))
      .rows[0];
    expect(row).toEqual({ plan_id: w.planId, phone: "5511999990000", email: body.email, status: true });
    const settings = await w.pool.query("SELECT key, value FROM settings WHERE company_id = $1", [companyId]);
    expect(Object.fromEntries(settings.rows.map((r) => [r.key, r.value]))).toEqual(COMPANY_SETTING_DEFAULTS);
    const login = await core.login(body.email, "Senha123");
    expect(login.user).toMatchObject({ id: made[0].id });
    expect((await core.api("GET", "/users/", { token: login.token })).status).toBe(200);
  });

  it("validates with the signup form's messages and creates nothing", async () => {
    const before = await companies();
    const bad = await core.api("POST", "/auth/signup", {
      body: { companyName: "P", name: "M", email: "x", password: "123", phone: "" },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual({
      companyName: "Muito curto!",
      name: "Muito curto!",
      email: "E-mail inválido",
      password: PASSWORD_POLICY_MESSAGE["pt-BR"],
      phone: "Obrigatório",
      planId: "Obrigatório",
    });
    const long = await core.api("POST", "/auth/signup", {
      body: form({ name: "n".repeat(51), password: "p".repeat(51) }),
    });
    expect(long.body.fields).toEqual({ name: "Muito longo!", password: "Muito longo!" });
    const missing = await core.api("POST", "/auth/signup", { body: {} });
    expect(missing.body.fields.name).toBe("Obrigatório");
    expect(missing.body.fields.email).toBe("Obrigatório");
    expect(missing.body.fields.companyName).toBe("Obrigatório");
    expect(await companies()).toBe(before);
  });

  it("refuses a plan that is not public", async () => {
    const before = await companies();
    const hidden = await buildPlan(w.pool, { isPublic: false });
    const privatePlan = await core.api("POST", "/auth/signup", { body: form({ planId: hidden.id }) });
    expect(privatePlan.status).toBe(400);
    expect(privatePlan.body.fields.planId).toBe("Plano inválido");
    expect(await companies()).toBe(before);
  });

  it("answers 403 ERR_USER_CREATION_DISABLED when the super user switched signup off", async () => {
    const before = await companies();
    await w.pool.query("INSERT INTO platform_settings (key, value) VALUES ('userCreation', 'disabled')");
    try {
      const res = await core.api("POST", "/auth/signup", { body: form() });
      expect(res.status).toBe(403);
      expect(res.body.error).toBe("ERR_USER_CREATION_DISABLED");
      expect(await companies()).toBe(before);
    } finally {
      await w.pool.query("DELETE FROM platform_settings WHERE key = 'userCreation'");
    }
  });
});

describe("#plans.list", () => {
  it("lists the public plans without a login, with counts, amount and flags", async () => {
    const hidden = await buildPlan(w.pool, { name: "Interno", isPublic: false });
    const res = await core.api("GET", "/plans/list");
    expect(res.status).toBe(200);
    const ids = res.body.map((p: { id: number }) => p.id);
    expect(ids).toContain(w.planId);
    expect(ids).not.toContain(hidden.id);
    expect(res.body.find((p: { id: number }) => p.id === w.planId)).toEqual({
      id: w.planId,
      name: "Básico",
      users: 3,
      connections: 2,
      queues: 4,
      amount: 49.9,
      isPublic: true,
      useWhatsapp: true,
      useFacebook: true,
      useInstagram: true,
      useCampaigns: true,
      useSchedules: true,
      useInternalChat: true,
      useExternalApi: true,
      useKanban: true,
      useOpenAi: true,
      useIntegrations: true,
    });
  });
});

// The signup form's required texts (spec 3 §5): a blank name, company name or
// password answers 'Obrigatório', not the length rule, and nothing is created.
describe("#auth.signup validation", () => {
  it("answers 'Obrigatório' for an empty or blank name and company name, and creates nothing", async () => {
    const before = await companies();
    for (const blank of ["", "   "]) {
      const res = await core.api("POST", "/auth/signup", { body: form({ name: blank, companyName: blank }) });
      expect(res.status, JSON.stringify(blank)).toBe(400);
      expect(res.body.fields, JSON.stringify(blank)).toEqual({ name: "Obrigatório", companyName: "Obrigatório" });
    }
    expect(await companies()).toBe(before);
  });

  it("answers 'Obrigatório' for a missing or empty password, and the password policy's text below it", async () => {
    const before = await companies();
    const { password: _omitted, ...withoutPassword } = form();
    const missing = await core.api("POST", "/auth/signup", { body: withoutPassword });
    expect(missing.body.fields).toEqual({ password: "Obrigatório" });
    const empty = await core.api("POST", "/auth/signup", { body: form({ password: "" }) });
    expect(empty.body.fields).toEqual({ password: "Obrigatório" });
    const short = await core.api("POST", "/auth/signup", { body: form({ password: "1234" }) });
    expect(short.body.fields).toEqual({ password: PASSWORD_POLICY_MESSAGE["pt-BR"] });
    expect(await companies()).toBe(before);
  });

  it("answers 'Muito longo!' for a company name over 50 characters, and accepts exactly 50", async () => {
    const long = await core.api("POST", "/auth/signup", { body: form({ companyName: "c".repeat(51) }) });
    expect(long.status).toBe(400);
    expect(long.body.fields).toEqual({ companyName: "Muito longo!" });
    const edge = await core.api("POST", "/auth/signup", { body: form({ companyName: "c".repeat(50), name: "Jo" }) });
    expect(edge.status).toBe(201);
    expect(edge.body.company.name).toBe("c".repeat(50));
  });
});
