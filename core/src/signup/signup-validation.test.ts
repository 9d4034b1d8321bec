// The signup form's required texts (spec 3 §5): a blank name, company name or
// password answers 'Obrigatório', not the length rule, and nothing is created.
import { beforeAll, describe, expect, it } from "vitest";
import type { TestCore } from "../testing/test-core.ts";
import { useTestCore } from "../testing/use-test-core.ts";
import { buildPlan } from "../testing/users-factories.ts";

const core = useTestCore();
let pool: TestCore["db"]["pool"];
let planId: number;

beforeAll(async () => {
  pool = core.db.pool;
  planId = (await buildPlan(pool, { name: "Básico" })).id;
});

const form = (o: Record<string, unknown> = {}) => ({
  companyName: "Padaria Central",
  name: "Dona Maria",
  email: `maria-${Math.random().toString(36).slice(2, 10)}@example.com`,
  password: "senha1",
  phone: "5511999990000",
  planId,
  ...o,
});

const companies = async () => (await pool.query("SELECT count(*)::int AS n FROM companies")).rows[0].n as number;

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

  it("answers 'Obrigatório' for a missing or empty password, and 'Muito curto!' below 5 characters", async () => {
    const before = await companies();
    const { password: _omitted, ...withoutPassword } = form();
    const missing = await core.api("POST", "/auth/signup", { body: withoutPassword });
    expect(missing.body.fields).toEqual({ password: "Obrigatório" });
    const empty = await core.api("POST", "/auth/signup", { body: form({ password: "" }) });
    expect(empty.body.fields).toEqual({ password: "Obrigatório" });
    const short = await core.api("POST", "/auth/signup", { body: form({ password: "1234" }) });
    expect(short.body.fields).toEqual({ password: "Muito curto!" });
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
