// The audit log (issue 25, decision 0108): each covered change leaves one entry in the same transaction, admins read
// their company's (filters, CSV), plain users are refused, another company sees none, the super user sees every
// company's, the table refuses UPDATE and DELETE, and the retention purge removes only what is past its days.
import { describe, expect, it } from "vitest";
import type { AuditEntryAnswer } from "../contract/audit.ts";
import { uploadContacts } from "../testing/contacts-factories.ts";
import { buildCompany, buildContact, buildTicket, buildUser, buildWhatsapp } from "../testing/factories.ts";
import { coreForFile, forFile } from "../testing/test-world.ts";
import { signedIn } from "../testing/users-factories.ts";
import { purgeAuditEntries } from "./audit-retention.ts";

const core = coreForFile();
const w = forFile(async () => {
  const pool = core.db.pool;
  const companyId = (await buildCompany(pool, { name: "Auditada" })).id;
  const adminUser = await buildUser(pool, { companyId, profile: "admin", name: "Ana Admin" });
  const admin = (await core.login(adminUser.email, adminUser.password)).token;
  const agent = await signedIn(core, { companyId, profile: "user" });
  const otherCompanyId = (await buildCompany(pool)).id;
  const other = await signedIn(core, { companyId: otherCompanyId, profile: "admin" });
  const whatsapp = await buildWhatsapp(pool, { companyId });
  const list = await pool.query<{ id: number }>(
    "INSERT INTO contact_lists (company_id, name) VALUES ($1, 'Clientes') RETURNING id",
    [companyId],
  );
  return {
    pool,
    companyId,
    admin,
    adminId: adminUser.id,
    agent,
    other,
    whatsappId: whatsapp.id,
    listId: list.rows[0]!.id,
  };
});

type List = { entries: AuditEntryAnswer[]; hasMore: boolean };
const entries = async (query = "", token = w.admin) => {
  const res = await core.api("GET", `/audit${query}`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body as List).entries;
};
const ok = (res: { status: number; body: unknown }) => {
  expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
  return res.body as { id: number };
};

describe("#audit recording", () => {
  it("records users, queues and their chatbot, connections, settings, contacts, tickets, campaigns and new devices, each once", async () => {
    const t = w.admin;
    const user = ok(
      await core.api("POST", "/users", {
        token: t,
        body: { name: "Novo", email: `novo-${w.companyId}@example.com`, password: "Segredo123", profile: "user" },
      }),
    );
    ok(await core.api("PUT", `/users/${user.id}`, { token: t, body: { profile: "admin" } }));
    ok(await core.api("DELETE", `/users/${user.id}`, { token: t }));
    const queue = ok(
      await core.api("POST", "/queue", { token: t, body: { name: "Vendas", color: "#123456", greetingMessage: "Oi" } }),
    );
    ok(await core.api("PUT", `/queue/${queue.id}`, { token: t, body: { name: "Vendas 2" } }));
    const bot = ok(
      await core.api("POST", "/chatbot", {
        token: t,
        body: { queueId: queue.id, name: "Comercial", greetingMessage: "Escolha:" },
      }),
    );
    ok(await core.api("PUT", `/chatbot/${bot.id}`, { token: t, body: { name: "Comercial 2" } }));
    ok(await core.api("DELETE", `/chatbot/${bot.id}`, { token: t }));
    ok(await core.api("DELETE", `/queue/${queue.id}`, { token: t }));
    const conn = ok(await core.api("POST", "/whatsapp", { token: t, body: { name: "Loja" } }));
    ok(await core.api("PUT", `/whatsapp/${conn.id}`, { token: t, body: { name: "Loja 2" } }));
    ok(await core.api("DELETE", `/whatsapp/${conn.id}`, { token: t }));
    ok(await core.api("PUT", "/companySettings", { token: t, body: { column: "userRating", data: "enabled" } }));
    expect((await core.api("GET", "/contacts/export", { token: t })).status).toBe(200);
    expect((await uploadContacts(core, t, "clientes.csv", "name,number\nZé,5511999990001\n")).status).toBeLessThan(300);
    const contact = await buildContact(w.pool, { companyId: w.companyId });
    ok(await core.api("DELETE", `/contacts/${contact.id}`, { token: t }));
    const other = await buildContact(w.pool, { companyId: w.companyId });
    const ticket = await buildTicket(w.pool, { companyId: w.companyId, contactId: other.id, whatsappId: w.whatsappId });
    ok(await core.api("DELETE", `/tickets/${ticket.id}`, { token: t }));
    ok(
      await core.api("POST", "/campaigns", {
        token: t,
        body: {
          name: "Black Friday",
          whatsappId: w.whatsappId,
          contactListId: w.listId,
          message1: "Oi",
          scheduledAt: new Date(Date.now() + 3 * 3600_000).toISOString(),
        },
      }),
    );

    const kinds = (await entries()).map((e) => e.kind).sort();
    expect(kinds).toEqual(
      [
        "campaign.start",
        "chatbot.create",
        "chatbot.delete",
        "chatbot.update",
        "connection.create",
        "connection.delete",
        "connection.update",
        "contact.delete",
        "contacts.export",
        "contacts.import",
        "queue.create",
        "queue.delete",
        "queue.update",
        "setting.update",
        "signin.newDevice",
        "ticket.delete",
        "user.create",
        "user.delete",
        "user.update",
      ].sort(),
    );
    const [latest] = await entries("?kind=queue.update");
    expect(latest).toMatchObject({
      companyId: w.companyId,
      companyName: "Auditada",
      userId: w.adminId,
      userName: "Ana Admin",
      subjectId: queue.id,
      subject: "Vendas",
      detail: { fields: ["name"] },
    });
    expect((await entries("?kind=setting.update"))[0]).toMatchObject({
      subject: "userRating",
      detail: { from: "disabled", to: "enabled" },
    });
    // A password is named, never written.
    ok(await core.api("PUT", `/users/${w.adminId}`, { token: t, body: { password: "OutraSenha1" } }));
    const pw = (await entries("?kind=user.update"))[0]!;
    expect(pw.detail).toEqual({ fields: ["password"] });
    expect(JSON.stringify(pw)).not.toContain("OutraSenha1");
  });

  it("records nothing when the change is refused (the same transaction)", async () => {
    const before = (await entries("?kind=queue.create")).length;
    const body = { name: "Suporte", color: "#654321", greetingMessage: "Oi" };
    ok(await core.api("POST", "/queue", { token: w.admin, body }));
    const clash = await core.api("POST", "/queue", { token: w.admin, body: { ...body, color: "#777777" } });
    expect(clash.status).toBe(409);
    expect((await entries("?kind=queue.create")).length).toBe(before + 1);
  });

  it("records a sign-in once per device, and again from another browser", async () => {
    const user = await buildUser(w.pool, { companyId: w.companyId, profile: "user", name: "Bia" });
    const signIn = (agent: string) =>
      fetch(`${core.url}/auth/login`, {
        method: "POST",
        headers: { "content-type": "application/json", "user-agent": agent },
        body: JSON.stringify({ email: user.email, password: user.password }),
      });
    for (const agent of ["Firefox/1", "Firefox/1", "Chrome/2"]) expect((await signIn(agent)).status).toBe(200);
    const devices = await entries(`?kind=signin.newDevice&userId=${user.id}`);
    expect(devices.map((d) => d.subject)).toEqual(["Chrome/2", "Firefox/1"]);
  });
});

describe("#audit reading", () => {
  it("refuses plain users with 403", async () => {
    for (const path of ["/audit", "/audit/export", "/audit/retention"]) {
      const res = await core.api("GET", path, { token: w.agent.token });
      expect(res.status).toBe(403);
      expect(res.body.error).toBe("ERR_NO_PERMISSION");
    }
    expect((await core.api("PUT", "/audit/retention", { token: w.agent.token, body: { days: 90 } })).status).toBe(403);
  });

  it("shows another company's admin none of this company's entries, even naming the company", async () => {
    expect(await entries("", w.other.token)).toEqual([]);
    expect(await entries(`?companyId=${w.companyId}`, w.other.token)).toEqual([]);
    const csv = await core.api("GET", "/audit/export", { token: w.other.token });
    expect(String(csv.body).trim()).toBe("date,company,user,kind,subject,detail");
  });

  it("filters by user, kind and day", async () => {
    const all = await entries();
    expect(all.length).toBeGreaterThan(5);
    expect((await entries(`?userId=${w.adminId}`)).every((e) => e.userId === w.adminId)).toBe(true);
    expect((await entries("?kind=queue.delete")).map((e) => e.kind)).toEqual(["queue.delete"]);
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" }).format(new Date());
    expect((await entries(`?dateFrom=${today}&dateTo=${today}`)).length).toBe(all.length);
    expect(await entries("?dateTo=2000-01-01")).toEqual([]);
    expect(await entries("?dateFrom=2999-01-01")).toEqual([]);
    const bad = await core.api("GET", "/audit?kind=nope", { token: w.admin });
    expect(bad.status).toBe(400);
  });

  it("exports the filtered entries as CSV", async () => {
    const res = await core.api("GET", "/audit/export?kind=queue.update", { token: w.admin });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/csv");
    const lines = String(res.body).trim().split("\r\n");
    expect(lines[0]).toBe("date,company,user,kind,subject,detail");
    expect(lines.length).toBe(2);
    expect(lines[1]).toContain(",Auditada,Ana Admin,queue.update,Vendas,");
  });

  it("shows the super user every company's entries, one company when named", async () => {
    const su = (await core.login("admin@chatflow.local", "chatflow")).token;
    const own = await entries(`?companyId=${w.companyId}`, su);
    expect(own.length).toBe((await entries()).length);
    const all = await entries("?kind=signin.newDevice", su);
    expect(new Set(all.map((e) => e.companyId))).toEqual(new Set([1, w.companyId]));
  });
});

describe("#audit platform entries", () => {
  it("records the super user's plans, companies and platform settings, each in its company, values of settings left out", async () => {
    const su = (await core.login("admin@chatflow.local", "chatflow")).token;
    const plan = ok(
      await core.api("POST", "/plans", {
        token: su,
        body: { name: `Plano Auditado ${w.companyId}`, users: 3, connections: 1, queues: 2, amount: 10 },
      }),
    );
    ok(
      await core.api("PUT", `/plans/${plan.id}`, {
        token: su,
        body: { name: `Plano Auditado ${w.companyId}`, users: 4, connections: 1, queues: 2, amount: 10 },
      }),
    );
    const company = ok(
      await core.api("POST", "/companies", {
        token: su,
        body: {
          name: "Nova Auditada",
          email: `dono-${w.companyId}@empresa.test`,
          password: "Senha-123",
          planId: plan.id,
        },
      }),
    );
    ok(
      await core.api("PUT", `/companies/${company.id}`, {
        token: su,
        body: {
          name: "Nova Auditada",
          email: `dono-${w.companyId}@empresa.test`,
          planId: plan.id,
          password: "Outra-123",
        },
      }),
    );
    ok(await core.api("DELETE", `/companies/${company.id}`, { token: su }));
    ok(await core.api("DELETE", `/plans/${plan.id}`, { token: su }));
    ok(await core.api("PUT", "/settings/eficlientsecret", { token: su, body: { value: "segredo-efi" } }));

    const platform = await entries("?companyId=1", su);
    const kinds = platform.map((e) => e.kind);
    for (const k of ["plan.create", "plan.update", "plan.delete", "platformSetting.update"]) expect(kinds).toContain(k);
    expect(JSON.stringify(platform)).not.toContain("segredo-efi");
    const ofCompany = await entries(`?companyId=${company.id}`, su);
    expect(ofCompany.map((e) => e.kind)).toEqual(["company.delete", "company.update", "company.create"]);
    expect(ofCompany[1]!.detail).toMatchObject({ planId: plan.id, fields: expect.arrayContaining(["password"]) });
    expect(JSON.stringify(ofCompany)).not.toContain("Outra-123");
    // A company's admin sees none of the platform's.
    expect((await entries("?kind=plan.create")).length).toBe(0);
  });
});

describe("#audit append-only and retention", () => {
  it("refuses UPDATE, DELETE and TRUNCATE of the table", async () => {
    const id = (await entries())[0]!.id;
    await expect(
      w.pool.query("UPDATE audit_entries SET kind = 'x' WHERE id = $1 AND company_id = $2", [id, w.companyId]),
    ).rejects.toThrow(/append-only/);
    await expect(
      w.pool.query("DELETE FROM audit_entries WHERE id = $1 AND company_id = $2", [id, w.companyId]),
    ).rejects.toThrow(/append-only/);
    await expect(w.pool.query("TRUNCATE audit_entries")).rejects.toThrow(/append-only/);
    // Not even inside the purge's setting may an entry be changed.
    const client = await w.pool.connect();
    try {
      await client.query("BEGIN");
      await client.query("SELECT set_config('chatflow.audit_purge', 'on', true)");
      await expect(
        client.query("UPDATE audit_entries SET kind = 'x' WHERE id = $1 AND company_id = $2", [id, w.companyId]),
      ).rejects.toThrow(/append-only/);
    } finally {
      await client.query("ROLLBACK");
      client.release();
    }
    expect((await entries())[0]!.id).toBe(id);
  });

  it("keeps the company's retention, and the purge removes only entries past it", async () => {
    const t = w.admin;
    expect((await core.api("GET", "/audit/retention", { token: t })).body).toEqual({
      days: null,
      installationDays: 365,
    });
    expect((await core.api("PUT", "/audit/retention", { token: t, body: { days: 5 } })).status).toBe(400);
    const set = await core.api("PUT", "/audit/retention", { token: t, body: { days: 30 } });
    expect(set.body).toEqual({ days: 30, installationDays: 365 });
    expect((await entries("?kind=audit.retention"))[0]).toMatchObject({ subject: "30" });
    const count = async (companyId: number) =>
      (
        await w.pool.query<{ n: number }>("SELECT count(*)::int AS n FROM audit_entries WHERE company_id = $1", [
          companyId,
        ])
      ).rows[0]!.n;
    const mine = await count(w.companyId);
    const theirs = await count(1);
    const purge = async (now: Date) => {
      const client = await w.pool.connect();
      try {
        await client.query("BEGIN");
        const n = await purgeAuditEntries(client, { now, installationDays: 365 });
        await client.query("COMMIT");
        return n;
      } finally {
        client.release();
      }
    };
    // Tomorrow nothing is old; in 31 days this company's (30 days) are, the others' (365) are not.
    expect(await purge(new Date(Date.now() + 86_400_000))).toBe(0);
    expect(await purge(new Date(Date.now() + 31 * 86_400_000))).toBe(mine);
    expect(await count(w.companyId)).toBe(0);
    expect(await count(1)).toBe(theirs);
    // After the purge the table is append-only again in a new transaction.
    await expect(w.pool.query("DELETE FROM audit_entries WHERE company_id = 1")).rejects.toThrow(/append-only/);
  });
});
