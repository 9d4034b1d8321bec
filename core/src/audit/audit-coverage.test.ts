// The audit log's second round of coverage (issue 25, decision 0108 addendum): tags, flows, queue integrations and
// prompts created, changed and deleted through their routes, and a custom plan bought in checkout once its charge
// is paid (decision 0109), each one entry in the acting company, found by the /audit kind filter, unseen by another
// company's admin; a refused change leaves none. Quick messages are recorded by the sync server's projection
// (sync-server/src/persistence/quick-messages-audit.test.ts).
import { describe, expect, it } from "vitest";
import type { AuditEntryAnswer, AuditKind } from "../contract/audit.ts";
import { payInvoice } from "../invoices/pay-invoice.ts";
import { transaction } from "../kernel/transaction.ts";
import { buildQueue } from "../testing/factories.ts";
import { coreForFile, forFile } from "../testing/test-world.ts";
import { twoCompanies } from "../testing/users-factories.ts";

const core = coreForFile();
const w = forFile(async () => {
  const world = await twoCompanies(core);
  const queue = await buildQueue(world.pool, { companyId: world.companyId });
  return { ...world, queueId: queue.id };
});

const entries = async (query: string, token = w.admin) => {
  const res = await core.api("GET", `/audit${query}`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body as { entries: AuditEntryAnswer[] }).entries;
};
const ok = (res: { status: number; body: unknown }) => {
  expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
  return res.body as { id: number };
};
/** The entries of one kind, oldest first, as the screen's kind filter finds them. */
const ofKind = async (kind: AuditKind, token = w.admin) =>
  (await entries(`?kind=${kind}`, token))
    .reverse()
    .map((e) => ({ user: e.userId, subjectId: e.subjectId, subject: e.subject, detail: e.detail }));

describe("#audit recording, second round", () => {
  it("records tags created, changed and deleted", async () => {
    const t = w.admin;
    const tag = ok(
      await core.api("POST", "/tags", { token: t, body: { name: "Urgente", color: "#ff0000", kanban: 0 } }),
    );
    ok(await core.api("PUT", `/tags/${tag.id}`, { token: t, body: { name: "Muito urgente" } }));
    ok(await core.api("DELETE", `/tags/${tag.id}`, { token: t }));
    expect(await ofKind("tag.create")).toEqual([
      { user: w.adminId, subjectId: tag.id, subject: "Urgente", detail: { kanban: 0 } },
    ]);
    expect(await ofKind("tag.update")).toEqual([
      { user: w.adminId, subjectId: tag.id, subject: "Muito urgente", detail: { fields: ["name"] } },
    ]);
    expect(await ofKind("tag.delete")).toEqual([
      { user: w.adminId, subjectId: tag.id, subject: "Muito urgente", detail: {} },
    ]);
    // A name the company has already: refused, and nothing recorded.
    ok(await core.api("POST", "/tags", { token: t, body: { name: "Repetida", color: "#00ff00", kanban: 0 } }));
    const twice = await core.api("POST", "/tags", {
      token: t,
      body: { name: "repetida", color: "#00ff00", kanban: 0 },
    });
    expect(twice.status).toBe(409);
    expect((await ofKind("tag.create")).map((e) => e.subject)).toEqual(["Urgente", "Repetida"]);
  });

  it("records flows created, duplicated, renamed, published and deleted", async () => {
    const t = w.admin;
    const flow = ok(await core.api("POST", "/flowbuilder", { token: t, body: { name: "Atendimento" } }));
    const start = { id: "1", position: { x: 0, y: 0 }, type: "start", data: { label: "Inicio do fluxo" } };
    ok(
      await core.api("POST", "/flowbuilder/flow", {
        token: t,
        body: { idFlow: flow.id, nodes: [start], connections: [] },
      }),
    );
    ok(await core.api("PUT", "/flowbuilder", { token: t, body: { flowId: flow.id, name: "Atendimento 2" } }));
    const copy = ok(await core.api("POST", "/flowbuilder/duplicate", { token: t, body: { flowId: flow.id } }));
    ok(await core.api("DELETE", `/flowbuilder/${copy.id}`, { token: t }));
    expect(await ofKind("flow.create")).toEqual([
      { user: w.adminId, subjectId: flow.id, subject: "Atendimento", detail: {} },
      { user: w.adminId, subjectId: copy.id, subject: "Atendimento 2 - cópia", detail: { duplicateOf: flow.id } },
    ]);
    expect(await ofKind("flow.update")).toEqual([
      {
        user: w.adminId,
        subjectId: flow.id,
        subject: "Atendimento",
        detail: { published: true, nodes: 1, connections: 0 },
      },
      { user: w.adminId, subjectId: flow.id, subject: "Atendimento 2", detail: { fields: ["name"] } },
    ]);
    expect(await ofKind("flow.delete")).toEqual([
      { user: w.adminId, subjectId: copy.id, subject: "Atendimento 2 - cópia", detail: {} },
    ]);
  });

  it("records queue integrations and prompts created, changed and deleted, never their secrets", async () => {
    const t = w.admin;
    const typebot = {
      type: "typebot",
      name: "Vendas bot",
      urlN8N: "https://typebot.example.com",
      typebotSlug: "vendas-2024",
    };
    const integration = ok(await core.api("POST", "/queueIntegration", { token: t, body: typebot }));
    ok(
      await core.api("PUT", `/queueIntegration/${integration.id}`, {
        token: t,
        body: { ...typebot, name: "Suporte bot" },
      }),
    );
    ok(await core.api("DELETE", `/queueIntegration/${integration.id}`, { token: t }));
    expect(await ofKind("integration.create")).toEqual([
      { user: w.adminId, subjectId: integration.id, subject: "Vendas bot", detail: { type: "typebot" } },
    ]);
    const [updated] = await ofKind("integration.update");
    expect(updated).toMatchObject({ user: w.adminId, subjectId: integration.id, subject: "Suporte bot" });
    expect((updated!.detail as { fields: string[] }).fields).toEqual(expect.arrayContaining(["name", "typebotSlug"]));
    expect(await ofKind("integration.delete")).toEqual([
      { user: w.adminId, subjectId: integration.id, subject: "Suporte bot", detail: {} },
    ]);

    const prompt = {
      name: "Assistente",
      prompt: "Você é um assistente de vendas educado que responde em português do Brasil.",
      voice: "texto",
      maxTokens: 100,
      temperature: 1,
      apiKey: "sk-secret-key-1234",
      maxMessages: 10,
      queueId: w.queueId,
    };
    const made = ok(await core.api("POST", "/prompt", { token: t, body: prompt }));
    ok(
      await core.api("PUT", `/prompt/${made.id}`, { token: t, body: { ...prompt, name: "Assistente 2", apiKey: "" } }),
    );
    ok(await core.api("DELETE", `/prompt/${made.id}`, { token: t }));
    expect(await ofKind("prompt.create")).toEqual([
      { user: w.adminId, subjectId: made.id, subject: "Assistente", detail: { queueId: w.queueId } },
    ]);
    const [changed] = await ofKind("prompt.update");
    expect(changed).toMatchObject({ user: w.adminId, subjectId: made.id, subject: "Assistente 2" });
    // No key was sent: the entry does not say the key changed.
    expect((changed!.detail as { fields: string[] }).fields).not.toContain("apiKey");
    expect(await ofKind("prompt.delete")).toEqual([
      { user: w.adminId, subjectId: made.id, subject: "Assistente 2", detail: {} },
    ]);
    const all = JSON.stringify(await entries(""));
    expect(all).not.toContain("sk-secret-key-1234");
  });

  it("records a custom plan bought once its charge is paid, once, as the system's entry", async () => {
    const { pool, companyId } = w;
    const invoice = await pool.query<{ id: number }>(
      `INSERT INTO invoices (company_id, detail, users, connections, queues, value, due_date)
       VALUES ($1, 'Plano', 3, 3, 3, 4900, '2999-01-01') RETURNING id`,
      [companyId],
    );
    const invoiceId = invoice.rows[0]!.id;
    await pool.query(
      `INSERT INTO invoice_charges (txid, company_id, invoice_id, custom, users, connections, value)
       VALUES ($1, $2, $3, true, 5, 4, 9100)`,
      [`audit${companyId}charge0000000000000`, companyId, invoiceId],
    );
    const pay = () =>
      transaction(pool, (c) => payInvoice(c, { companyId, invoiceId, txid: `audit${companyId}charge0000000000000` }));
    expect(await pay()).toBe(true);
    // A redelivered confirmation pays nothing and records nothing.
    expect(await pay()).toBe(false);
    const plan = await pool.query<{ id: number; name: string }>(
      "SELECT p.id, p.name FROM companies c JOIN plans p ON p.id = c.custom_plan_id WHERE c.id = $1",
      [companyId],
    );
    expect(await ofKind("customPlan.purchase")).toEqual([
      {
        user: null,
        subjectId: plan.rows[0]!.id,
        subject: plan.rows[0]!.name,
        detail: { invoiceId, users: 5, connections: 4, value: 9100, plan: "created" },
      },
    ]);
  });

  it("keeps every one of these entries in the acting company: another company's admin finds none", async () => {
    for (const kind of [
      "tag.create",
      "flow.create",
      "integration.create",
      "prompt.create",
      "customPlan.purchase",
    ] as const) {
      expect(await ofKind(kind, w.otherAdmin), kind).toEqual([]);
      expect((await ofKind(kind)).length, kind).toBeGreaterThan(0);
    }
    const { rows } = await w.pool.query<{ company_id: number }>(
      `SELECT DISTINCT company_id FROM audit_entries
       WHERE split_part(kind, '.', 1) IN ('tag', 'flow', 'integration', 'prompt', 'customPlan')`,
    );
    expect(rows).toEqual([{ company_id: w.companyId }]);
  });
});
