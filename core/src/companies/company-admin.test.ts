import { randomUUID } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { advanceDueDate, dueDateTone, PLATFORM_DUE_DATE } from "../contract/companies.ts";
import { PASSWORD_POLICY_MESSAGE } from "../contract/password-policy.ts";
import { businessToday } from "../kernel/business-date.ts";
import { companyMediaDir } from "../media/media-store.ts";
import { buildCompany } from "../testing/factories.ts";
import { listsChangedBy } from "../testing/list-changes.ts";
import { coreForFile, forFile } from "../testing/test-world.ts";
import { signedIn } from "../testing/users-factories.ts";

const core = coreForFile();
const w = forFile(async () => {
  const superToken = (await core.login("admin@chatflow.local", "chatflow")).token;
  const plan = (
    await core.db.pool.query<{ id: number }>("INSERT INTO plans (name, amount) VALUES ($1, 99.9) RETURNING id", [
      `Plano ${randomUUID().slice(0, 6)}`,
    ])
  ).rows[0]!.id;
  const other = await buildCompany(core.db.pool);
  const admin = await signedIn(core, { companyId: other.id, profile: "admin" });
  return { superToken, plan, other, admin };
});

const emailOf = () => `dono-${randomUUID().slice(0, 8)}@empresa.test`;
const body = (o: Record<string, unknown> = {}) => ({
  name: "Empresa Nova",
  email: emailOf(),
  password: "Senha-123",
  phone: "5511999990000",
  planId: w.plan,
  status: true,
  document: "12.345.678/0001-90",
  dueDate: "2027-01-31",
  recurrence: "MENSAL",
  ...o,
});
const companiesNamed = async (name: string) =>
  (await core.db.pool.query("SELECT count(*)::int AS n FROM companies WHERE name = $1", [name])).rows[0].n;

describe("#companies.create", () => {
  it("creates the company, its settings and its first admin, who signs in with the default password", async () => {
    const input = body({ name: "Padaria Central" });
    const res = await core.api("POST", "/companies", { token: w.superToken, body: input });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: "Padaria Central",
      email: input.email,
      status: true,
      document: "12.345.678/0001-90",
      dueDate: "2027-01-31",
      recurrence: "MENSAL",
      plan: { id: w.plan, amount: 99.9 },
      lastLogin: null,
      folderSize: 0,
      numberFileFolder: 0,
    });
    const id = res.body.id as number;
    // Settings as signup seeds them.
    const settings = await core.db.pool.query("SELECT count(*)::int AS n FROM settings WHERE company_id = $1", [id]);
    expect(settings.rows[0].n).toBeGreaterThan(0);
    const login = await core.api("POST", "/auth/login", { body: { email: input.email, password: "Senha-123" } });
    expect(login.status).toBe(200);
    expect(login.body.user).toMatchObject({ companyId: id, profile: "admin" });
    // The login is the company's last login.
    const page = await core.api("GET", `/companiesPlan/?searchParam=padaria central`, { token: w.superToken });
    expect(page.body.companies[0].lastLogin).not.toBeNull();
  });

  it("answers the spec's messages, applies the password policy and writes nothing", async () => {
    const refused = async (o: Record<string, unknown>, field: string, message: string) => {
      const res = await core.api("POST", "/companies", { token: w.superToken, body: body({ name: "Recusada", ...o }) });
      expect(res.status).toBe(400);
      expect(res.body.fields?.[field]).toEqual(message);
    };
    await refused({ name: "" }, "name", "Nome é obrigatório");
    await refused({ email: "" }, "email", "E-mail é obrigatório");
    await refused({ email: "não-é-email" }, "email", "Email é inválido");
    await refused({ planId: undefined }, "planId", "Plano é obrigatório");
    await refused({ password: "fraca" }, "password", PASSWORD_POLICY_MESSAGE["pt-BR"]);
    await refused({ dueDate: "2027-02-30" }, "dueDate", "Data inválida");
    const noPlan = await core.api("POST", "/companies", {
      token: w.superToken,
      body: body({ name: "Recusada", planId: 999_999 }),
    });
    expect(noPlan.status).toBe(400);
    expect(await companiesNamed("Recusada")).toBe(0);
  });

  it("refuses an e-mail another user already has and leaves no company behind", async () => {
    const taken = await core.api("POST", "/companies", {
      token: w.superToken,
      body: body({ name: "Duplicada", email: w.admin.email }),
    });
    expect(taken.status).toBeGreaterThanOrEqual(400);
    expect(taken.status).toBeLessThan(500);
    expect(await companiesNamed("Duplicada")).toBe(0);
  });
});

describe("#companies.list", () => {
  it("pages the companies with their plan and media folder, searched by name or e-mail", async () => {
    const created = await core.api("POST", "/companies", { token: w.superToken, body: body({ name: "Loja do Zé" }) });
    const id = created.body.id as number;
    const dir = companyMediaDir(core.config.dataDir, id);
    await mkdir(path.join(dir, "sub"), { recursive: true });
    await writeFile(path.join(dir, "a.txt"), "12345");
    await writeFile(path.join(dir, "sub", "b.txt"), "123");
    const res = await core.api("GET", "/companiesPlan/?searchParam=LOJA DO&pageNumber=1", { token: w.superToken });
    expect(res.status).toBe(200);
    expect(res.body.hasMore).toBe(false);
    expect(res.body.companies).toHaveLength(1);
    expect(res.body.companies[0]).toMatchObject({ id, folderSize: 8, numberFileFolder: 2 });
    expect(res.body.companies[0].updatedAtFolder).toEqual(expect.any(String));
    const byEmail = await core.api("GET", `/companies?searchParam=${created.body.email}`, { token: w.superToken });
    expect(byEmail.body.companies.map((c: { id: number }) => c.id)).toEqual([id]);
    const all = await core.api("GET", "/companies/list", { token: w.superToken });
    expect(all.body.map((c: { id: number }) => c.id)).toEqual(expect.arrayContaining([1, id, w.other.id]));
    // Pages of 20, in id order.
    const first = await core.api("GET", "/companiesPlan/?pageNumber=1", { token: w.superToken });
    expect(first.body.companies[0].id).toBe(1);
    expect(first.body.companies[0].dueDate).toBe(PLATFORM_DUE_DATE);
  });

  it("tells the super user's devices that the list changed", async () => {
    const lists = await listsChangedBy(core, w.superToken, () =>
      core.api("POST", "/companies", { token: w.superToken, body: body({ name: "Avisada" }) }),
    );
    expect(lists).toContain("companies");
  });
});

describe("#companies.update", () => {
  it("saves every field, and a new password is the first admin's", async () => {
    const input = body({ name: "Antiga" });
    const id = (await core.api("POST", "/companies", { token: w.superToken, body: input })).body.id as number;
    const res = await core.api("PUT", `/companies/${id}`, {
      token: w.superToken,
      body: body({
        name: "Renomeada",
        email: input.email,
        status: false,
        dueDate: advanceDueDate("2027-01-31", "TRIMESTRAL"),
        recurrence: "TRIMESTRAL",
        password: "Nova-senha9",
        document: "",
      }),
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: "Renomeada",
      status: false,
      dueDate: "2027-04-30",
      recurrence: "TRIMESTRAL",
      document: null,
    });
    const login = await core.api("POST", "/auth/login", { body: { email: input.email, password: "Nova-senha9" } });
    expect(login.status).not.toBe(401);
  });

  it("keeps company 1 active and due 2999-12-31", async () => {
    const res = await core.api("PUT", "/companies/1", {
      token: w.superToken,
      body: body({
        name: "Plataforma",
        email: "admin@chatflow.local",
        status: false,
        dueDate: "2020-01-01",
        password: "",
      }),
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: 1, status: true, dueDate: PLATFORM_DUE_DATE });
    expect((await core.api("PUT", "/companies/999999", { token: w.superToken, body: body() })).status).toBe(404);
  });
});

describe("#companies.delete", () => {
  it("removes the company with its users and media folder; company 1 stays", async () => {
    const input = body({ name: "Apagada" });
    const id = (await core.api("POST", "/companies", { token: w.superToken, body: input })).body.id as number;
    const dir = companyMediaDir(core.config.dataDir, id);
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, "x.txt"), "x");
    const res = await core.api("DELETE", `/companies/${id}`, { token: w.superToken });
    expect(res.status).toBe(200);
    expect(await companiesNamed("Apagada")).toBe(0);
    const users = await core.db.pool.query("SELECT count(*)::int AS n FROM users WHERE company_id = $1", [id]);
    expect(users.rows[0].n).toBe(0);
    expect(
      (await core.api("GET", `/companiesPlan/?searchParam=apagada`, { token: w.superToken })).body.companies,
    ).toEqual([]);
    const platform = await core.api("DELETE", "/companies/1", { token: w.superToken });
    expect(platform.body.error).toBe("ERR_WRONG_STATE");
    expect((await core.api("DELETE", `/companies/${id}`, { token: w.superToken })).body.error).toBe(
      "ERR_NO_COMPANY_FOUND",
    );
  });
});

describe("#companies.users", () => {
  it("lists a company's users and queues, and adds a user with profile and queues to it", async () => {
    const input = body({ name: "Com Equipe" });
    const id = (await core.api("POST", "/companies", { token: w.superToken, body: input })).body.id as number;
    const queue = (
      await core.db.pool.query<{ id: number }>(
        "INSERT INTO queues (company_id, name, color) VALUES ($1, 'Vendas', '#112233') RETURNING id",
        [id],
      )
    ).rows[0]!.id;
    const list = await core.api("GET", `/companies/${id}/users`, { token: w.superToken });
    expect(list.status).toBe(200);
    expect(list.body.users).toEqual([
      { id: expect.any(Number), name: "Com Equipe", email: input.email, profile: "admin", queues: [] },
    ]);
    expect(list.body.queues).toEqual([{ id: queue, name: "Vendas", color: "#112233" }]);
    const email = emailOf();
    const added = await core.api("POST", `/companies/${id}/users`, {
      token: w.superToken,
      body: { name: "Vera Vendas", email, password: "Vera-2026", profile: "user", queueIds: [queue] },
    });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ name: "Vera Vendas", profile: "user", queues: [{ id: queue }] });
    const stored = await core.db.pool.query("SELECT company_id FROM users WHERE email = $1", [email]);
    expect(stored.rows).toEqual([{ company_id: id }]);
    expect((await core.api("POST", "/auth/login", { body: { email, password: "Vera-2026" } })).status).toBe(200);
    // Another company's queue is as absent as a missing one, and nothing is written.
    const foreign = (
      await core.db.pool.query<{ id: number }>(
        "INSERT INTO queues (company_id, name, color) VALUES ($1, 'Alheia', '#445566') RETURNING id",
        [w.other.id],
      )
    ).rows[0]!.id;
    const refused = await core.api("POST", `/companies/${id}/users`, {
      token: w.superToken,
      body: { name: "Intruso", email: emailOf(), password: "Intruso-1", queueIds: [foreign] },
    });
    expect(refused.status).toBe(404);
    expect((await core.api("GET", "/companies/999999/users", { token: w.superToken })).status).toBe(404);
    expect((await core.api("GET", `/companies/${id}/users`, { token: w.admin.token })).body.error).toBe(
      "ERR_NO_PERMISSION",
    );
  });
});

describe("#companies.users.edit", () => {
  const auditOf = async (companyId: number, kind: string) =>
    (
      await core.db.pool.query(
        "SELECT user_id, user_name, subject_id, detail FROM audit_entries WHERE company_id = $1 AND kind = $2",
        [companyId, kind],
      )
    ).rows;

  it("edits another company's user, in that company's audit log under the super user's name", async () => {
    const input = body({ name: "Edita Equipe" });
    const id = (await core.api("POST", "/companies", { token: w.superToken, body: input })).body.id as number;
    const queue = (
      await core.db.pool.query<{ id: number }>(
        "INSERT INTO queues (company_id, name, color) VALUES ($1, 'Suporte', '#223344') RETURNING id",
        [id],
      )
    ).rows[0]!.id;
    const email = emailOf();
    const user = (
      await core.api("POST", `/companies/${id}/users`, {
        token: w.superToken,
        body: { name: "Beto Base", email, password: "Beto-2026", profile: "user" },
      })
    ).body.id as number;
    const newEmail = emailOf();
    const res = await core.api("PUT", `/companies/${id}/users/${user}`, {
      token: w.superToken,
      body: { name: "Beto Editado", email: newEmail, password: "Novo-2026x", profile: "admin", queueIds: [queue] },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: user,
      name: "Beto Editado",
      email: newEmail,
      profile: "admin",
      queues: [{ id: queue, name: "Suporte", color: "#223344" }],
    });
    const login = await core.api("POST", "/auth/login", { body: { email: newEmail, password: "Novo-2026x" } });
    expect(login.status).toBe(200);
    const superId = (await core.db.pool.query("SELECT id FROM users WHERE email = 'admin@chatflow.local'")).rows[0].id;
    const [entry] = await auditOf(id, "user.update");
    expect(entry).toMatchObject({ user_id: superId, subject_id: user });
    expect(entry.detail.fields).toEqual(expect.arrayContaining(["name", "email", "password", "profile", "queueIds"]));
    // Bad input: the users page's messages, nothing changed.
    const bad = await core.api("PUT", `/companies/${id}/users/${user}`, { token: w.superToken, body: { name: "B" } });
    expect(bad.status).toBe(400);
    expect((await core.db.pool.query("SELECT name FROM users WHERE id = $1", [user])).rows[0].name).toBe(
      "Beto Editado",
    );
    // Another company's queue is as absent as a missing one.
    const foreign = (
      await core.db.pool.query<{ id: number }>(
        "INSERT INTO queues (company_id, name, color) VALUES ($1, 'Fora', '#556677') RETURNING id",
        [w.other.id],
      )
    ).rows[0]!.id;
    const refused = await core.api("PUT", `/companies/${id}/users/${user}`, {
      token: w.superToken,
      body: { queueIds: [foreign] },
    });
    expect(refused.status).toBe(404);
  });

  it("deletes another company's user (audited), never its last admin, and never a user of another company", async () => {
    const input = body({ name: "Apaga Equipe" });
    const id = (await core.api("POST", "/companies", { token: w.superToken, body: input })).body.id as number;
    const owner = (await core.db.pool.query("SELECT id FROM users WHERE company_id = $1", [id])).rows[0].id as number;
    // The only admin: neither deleted nor made a plain user.
    for (const [method, b] of [
      ["DELETE", undefined],
      ["PUT", { profile: "user" }],
    ] as const) {
      const res = await core.api(method, `/companies/${id}/users/${owner}`, { token: w.superToken, body: b });
      expect(res.status, method).toBe(409);
      expect(res.body.error).toBe("ERR_WRONG_STATE");
    }
    expect((await core.db.pool.query("SELECT profile FROM users WHERE id = $1", [owner])).rows[0].profile).toBe(
      "admin",
    );
    // With a second admin, the first may go.
    const second = (
      await core.api("POST", `/companies/${id}/users`, {
        token: w.superToken,
        body: { name: "Segunda Admin", email: emailOf(), password: "Segunda-1", profile: "admin" },
      })
    ).body.id as number;
    const gone = await core.api("DELETE", `/companies/${id}/users/${owner}`, { token: w.superToken });
    expect(gone.status).toBe(204);
    expect((await core.db.pool.query("SELECT 1 FROM users WHERE id = $1", [owner])).rowCount).toBe(0);
    expect(await auditOf(id, "user.delete")).toMatchObject([{ subject_id: owner }]);
    // Now the second is the last one.
    expect((await core.api("DELETE", `/companies/${id}/users/${second}`, { token: w.superToken })).status).toBe(409);
    // A user of another company named under this one is not found, and stays.
    const strangerRes = await core.api("DELETE", `/companies/${id}/users/${w.admin.id}`, { token: w.superToken });
    expect(strangerRes.status).toBe(404);
    expect(strangerRes.body.error).toBe("ERR_NO_USER_FOUND");
    const strangerPut = await core.api("PUT", `/companies/${id}/users/${w.admin.id}`, {
      token: w.superToken,
      body: { name: "Invadido" },
    });
    expect(strangerPut.status).toBe(404);
    expect((await core.db.pool.query("SELECT 1 FROM users WHERE id = $1", [w.admin.id])).rowCount).toBe(1);
    // Only the super user.
    for (const method of ["PUT", "DELETE"] as const) {
      const res = await core.api(method, `/companies/${id}/users/${second}`, {
        token: w.admin.token,
        body: { name: "Outro" },
      });
      expect(res.body.error, method).toBe("ERR_NO_PERMISSION");
    }
  });
});

describe("#companies.counts", () => {
  it("shows each company's attendants and connections beside its plan's limits", async () => {
    const input = body({ name: "Contada Ltda" });
    const id = (await core.api("POST", "/companies", { token: w.superToken, body: input })).body.id as number;
    await core.db.pool.query("UPDATE plans SET users = 7, connections = 3 WHERE id = $1", [w.plan]);
    for (const name of ["Ana", "Bia"])
      await core.api("POST", `/companies/${id}/users`, {
        token: w.superToken,
        body: { name, email: emailOf(), password: "Senha-123", profile: "user" },
      });
    await core.db.pool.query(
      "INSERT INTO whatsapps (company_id, name, channel) VALUES ($1, 'Loja', 'whatsapp'), ($1, 'Filial', 'whatsapp')",
      [id],
    );
    const page = await core.api("GET", "/companiesPlan/?searchParam=contada", { token: w.superToken });
    expect(page.body.companies).toHaveLength(1);
    expect(page.body.companies[0]).toMatchObject({
      numberAttendants: 3,
      numberConections: 2,
      plan: { id: w.plan, users: 7, connections: 3 },
    });
    // Another company's users and connections are not counted here.
    const otherName = (await core.db.pool.query("SELECT name FROM companies WHERE id = $1", [w.other.id])).rows[0].name;
    const others = await core.api("GET", `/companiesPlan/?searchParam=${encodeURIComponent(otherName)}`, {
      token: w.superToken,
    });
    const otherRow = others.body.companies.find((c: { id: number }) => c.id === w.other.id);
    expect(otherRow.numberConections).toBe(0);
    expect(otherRow.numberAttendants).toBeGreaterThanOrEqual(1);
  });
});

describe("#companies.permissions", () => {
  it("answers ERR_NO_PERMISSION to anyone but the super user, and lets a company read its own plan", async () => {
    const t = w.admin.token;
    for (const [method, url] of [
      ["GET", "/companies/list"],
      ["GET", "/companies"],
      ["GET", "/companiesPlan/"],
      ["POST", "/companies"],
      ["PUT", `/companies/${w.other.id}`],
      ["DELETE", `/companies/${w.other.id}`],
    ] as const) {
      const res = await core.api(method, url, { token: t, body: method === "GET" ? undefined : body() });
      expect(res.status, `${method} ${url}`).toBe(403);
      expect(res.body.error).toBe("ERR_NO_PERMISSION");
    }
    const own = await core.api("GET", `/companies/listPlan/${w.other.id}`, { token: t });
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ id: w.other.id });
    expect((await core.api("GET", "/companies/listPlan/1", { token: t })).body.error).toBe("ERR_NO_COMPANY_FOUND");
    const any = await core.api("GET", `/companies/listPlan/${w.other.id}`, { token: w.superToken });
    expect(any.status).toBe(200);
  });
});

describe("advance due date and row colour (spec 3 §4, §9)", () => {
  it("adds the recurrence's months, the month's last day when the day is missing", () => {
    expect(advanceDueDate("2026-01-15", "MENSAL")).toBe("2026-02-15");
    expect(advanceDueDate("2026-01-31", "MENSAL")).toBe("2026-02-28");
    expect(advanceDueDate("2028-01-31", "MENSAL")).toBe("2028-02-29");
    expect(advanceDueDate("2026-11-30", "BIMESTRAL")).toBe("2027-01-30");
    expect(advanceDueDate("2026-10-01", "TRIMESTRAL")).toBe("2027-01-01");
    expect(advanceDueDate("2026-08-31", "SEMESTRAL")).toBe("2027-02-28");
    expect(advanceDueDate("2026-05-10", "ANUAL")).toBe("2027-05-10");
    expect(advanceDueDate("2026-05-10", "ANUAL", 1)).toBe(PLATFORM_DUE_DATE);
  });

  it("is red today or past, yellow 1 to 5 days ahead, plain after", () => {
    const today = businessToday();
    const plus = (d: number) => {
      const x = new Date(`${today}T00:00:00Z`);
      x.setUTCDate(x.getUTCDate() + d);
      return x.toISOString().slice(0, 10);
    };
    expect(dueDateTone(plus(-3), today)).toBe("danger");
    expect(dueDateTone(today, today)).toBe("danger");
    expect(dueDateTone(plus(1), today)).toBe("warning");
    expect(dueDateTone(plus(5), today)).toBe("warning");
    expect(dueDateTone(plus(6), today)).toBeNull();
    expect(dueDateTone(null, today)).toBeNull();
  });
});
