import { describe, expect, it } from "vitest";
import { advanceDueDate } from "../contract/companies.ts";
import { customPlanPrice } from "../contract/invoices.ts";
import { addDays, businessToday } from "../kernel/business-date.ts";
import { transaction } from "../kernel/transaction.ts";
import { buildCompany } from "../testing/factories.ts";
import { fakeEfiForFile, storeEfiCredentials } from "../testing/fake-efi.ts";
import { coreForFile, forFile } from "../testing/test-world.ts";
import { signedIn } from "../testing/users-factories.ts";
import { createDueInvoices } from "./invoices.ts";
import { customPlanName, payInvoice } from "./pay-invoice.ts";

const efi = fakeEfiForFile();
const core = coreForFile(() => ({ efiPixUrl: efi.url, efiPixCa: efi.ca, publicUrl: "https://chatflow.example/" }));
forFile(() => storeEfiCredentials(core.db.pool, core.config.dataDir, efi));

const today = businessToday();
const q = async <T extends Record<string, unknown>>(sql: string, params: unknown[]) =>
  (await core.db.pool.query<T>(sql, params)).rows;

/** A company on a 2-user, 1-connection plan at R$129.90 without campaigns, its admin and its open invoice. */
async function companyWithInvoice() {
  const [plan] = await q<{ id: number }>(
    `INSERT INTO plans (name, users, connections, queues, amount, use_campaigns)
     VALUES ($1, 2, 1, 7, '129.90', false) RETURNING id`,
    [`Plano base ${Date.now()}-${Math.random()}`],
  );
  const due = addDays(today, 4);
  const company = await buildCompany(core.db.pool, { dueDate: due });
  await core.db.pool.query("UPDATE companies SET plan_id = $2, recurrence = 'MENSAL' WHERE id = $1", [
    company.id,
    plan!.id,
  ]);
  await transaction(core.db.pool, (c) => createDueInvoices(c));
  const [invoice] = await q<{ id: number }>("SELECT id FROM invoices WHERE company_id = $1", [company.id]);
  const admin = await signedIn(core, { companyId: company.id });
  return { companyId: company.id, planId: plan!.id, due, invoiceId: invoice!.id, token: admin.token };
}

async function checkout(c: { token: string; invoiceId: number }, counts?: { users: number; connections: number }) {
  const custom = counts
    ? { plan: JSON.stringify({ ...counts, price: 1, custom: true }), price: 1, ...counts }
    : { plan: JSON.stringify({ users: 3, connections: 3, price: 12990, custom: false }), users: 3, connections: 3 };
  const res = await core.api("POST", "/subscription", {
    token: c.token,
    body: { firstName: "Maria Souza", zipcode: "123.456.789-09", invoiceId: c.invoiceId, ...custom },
  });
  expect(res.status).toBe(200);
  return res.body as { txid: string; value: number };
}

/** What EFI does once a charge is paid: post the notification to the registered URL plus /pix. */
async function notify(txid: string) {
  const hook = new URL(efi.webhook?.url ?? "https://x/none");
  const res = await core.api("POST", `${hook.pathname}/pix`, {
    body: { pix: [{ endToEndId: "E1234", txid, valor: "1.00", horario: new Date().toISOString() }] },
  });
  expect(res.status).toBe(200);
  return res.body as { paid: number };
}

const companyPlan = async (companyId: number) =>
  (
    await q<{
      planId: number;
      customPlanId: number | null;
      name: string;
      users: number;
      connections: number;
      queues: number;
      amount: string;
      isPublic: boolean;
      useCampaigns: boolean;
    }>(
      `SELECT c.plan_id AS "planId", c.custom_plan_id AS "customPlanId", p.name, p.users, p.connections, p.queues,
              p.amount::text AS amount, p.is_public AS "isPublic", p.use_campaigns AS "useCampaigns"
         FROM companies c JOIN plans p ON p.id = c.plan_id WHERE c.id = $1`,
      [companyId],
    )
  )[0]!;
const invoicesOf = (companyId: number) =>
  q<{ id: number; detail: string; users: number; connections: number; value: number; status: string; due: string }>(
    `SELECT id, detail, users, connections, value, status, to_char(due_date, 'YYYY-MM-DD') AS due
       FROM invoices WHERE company_id = $1 ORDER BY due_date`,
    [companyId],
  );
const newUser = (token: string) =>
  core.api("POST", "/users", {
    token,
    body: {
      name: "Carol",
      email: `carol-${Math.random().toString(36).slice(2, 10)}@example.com`,
      password: "Secret12",
    },
  });
const newConnection = (token: string, n: number) =>
  core.api("POST", "/whatsapp", { token, body: { name: `Conexão ${n}` } });

describe("#subscription: a custom plan bought (spec 3 §9, decision 0109)", () => {
  it("applies 5 users, 4 connections and 49 + 11*2 + 20*1 once paid, once; the next invoice carries it", async () => {
    const c = await companyWithInvoice();
    const charged = await checkout(c, { users: 5, connections: 4 });
    expect(charged.value).toBe(9100);
    expect(customPlanPrice(5, 4)).toBe(4900 + 2 * 1100 + 1 * 2000);

    // Charged, not paid: nothing changed, and the plan's 1 connection still holds.
    expect(await companyPlan(c.companyId)).toMatchObject({ planId: c.planId, customPlanId: null, users: 2 });
    expect(await invoicesOf(c.companyId)).toEqual([
      expect.objectContaining({ status: "open", users: 2, connections: 1, value: 12990 }),
    ]);
    expect((await newConnection(c.token, 1)).status).toBe(201);
    const refused = await newConnection(c.token, 2);
    expect([refused.status, refused.body.error]).toEqual([409, "ERR_PLAN_LIMIT_REACHED"]);
    expect(await notify(charged.txid)).toEqual({ paid: 0 });
    expect((await companyPlan(c.companyId)).planId).toBe(c.planId);

    // Paid: EFI's notification applies it; redelivered, nothing more.
    efi.pay(charged.txid);
    expect(await notify(charged.txid)).toEqual({ paid: 1 });
    expect(await notify(charged.txid)).toEqual({ paid: 0 });
    expect(
      await transaction(core.db.pool, (client) =>
        payInvoice(client, { companyId: c.companyId, invoiceId: c.invoiceId, txid: charged.txid }),
      ),
    ).toBe(false);
    const plan = await companyPlan(c.companyId);
    expect(plan).toEqual({
      planId: expect.any(Number),
      customPlanId: plan.planId,
      name: customPlanName(c.companyId),
      users: 5,
      connections: 4,
      queues: 7,
      amount: "91.00",
      isPublic: false,
      useCampaigns: false,
    });
    expect(plan.planId).not.toBe(c.planId);
    expect(await q("SELECT id FROM plans WHERE name LIKE $1", [`${customPlanName(c.companyId)}%`])).toHaveLength(1);
    // The old plan is untouched for its other companies.
    expect(await q("SELECT users, connections FROM plans WHERE id = $1", [c.planId])).toEqual([
      { users: 2, connections: 1 },
    ]);
    const nextDue = advanceDueDate(c.due, "MENSAL");
    expect(await invoicesOf(c.companyId)).toEqual([
      {
        id: c.invoiceId,
        detail: customPlanName(c.companyId),
        users: 5,
        connections: 4,
        value: 9100,
        status: "paid",
        due: c.due,
      },
    ]);

    // From now on: 5 users (the admin and 4 more), 4 connections; the next of each is refused.
    for (let i = 0; i < 4; i++) expect((await newUser(c.token)).status).toBe(201);
    const sixth = await newUser(c.token);
    expect([sixth.status, sixth.body.error]).toEqual([409, "ERR_PLAN_LIMIT_REACHED"]);
    for (let n = 2; n <= 4; n++) expect((await newConnection(c.token, n)).status).toBe(201);
    const fifth = await newConnection(c.token, 5);
    expect([fifth.status, fifth.body.error]).toEqual([409, "ERR_PLAN_LIMIT_REACHED"]);

    // The billing job's next invoice is of the custom plan.
    await transaction(core.db.pool, (client) => createDueInvoices(client, { today: addDays(nextDue, -2) }));
    expect((await invoicesOf(c.companyId))[1]).toEqual({
      id: expect.any(Number),
      detail: customPlanName(c.companyId),
      users: 5,
      connections: 4,
      value: 9100,
      status: "open",
      due: nextDue,
    });
  });

  it("records the admin's custom checkout and, once paid, the purchase in the company's audit log", async () => {
    const c = await companyWithInvoice();
    const charge = await checkout(c, { users: 5, connections: 4 });
    const entries = async () =>
      q<{ kind: string; user_id: number | null; subject_id: number; detail: Record<string, unknown> }>(
        "SELECT kind, user_id, subject_id, detail FROM audit_entries WHERE company_id = $1 AND kind LIKE 'customPlan.%' ORDER BY id",
        [c.companyId],
      );
    expect(await entries()).toMatchObject([
      {
        kind: "customPlan.checkout",
        subject_id: c.invoiceId,
        detail: { users: 5, connections: 4, value: charge.value, offered: ["pix"] },
      },
    ]);
    expect((await entries())[0]!.user_id).not.toBeNull();
    efi.pay(charge.txid);
    expect(await notify(charge.txid)).toEqual({ paid: 1 });
    expect(await notify(charge.txid)).toEqual({ paid: 0 });
    const plan = await companyPlan(c.companyId);
    expect((await entries()).slice(1)).toEqual([
      {
        kind: "customPlan.purchase",
        user_id: null,
        subject_id: plan.customPlanId,
        detail: { invoiceId: c.invoiceId, users: 5, connections: 4, value: charge.value, plan: "created" },
      },
    ]);
    // A checkout of the invoice as it is buys no custom plan: nothing recorded.
    const d = await companyWithInvoice();
    await checkout(d);
    expect(
      await q("SELECT kind FROM audit_entries WHERE company_id = $1 AND kind LIKE 'customPlan.%'", [d.companyId]),
    ).toEqual([]);
  });

  it("a second purchase changes the company's own plan, made no second time", async () => {
    const c = await companyWithInvoice();
    const first = await checkout(c, { users: 4, connections: 3 });
    efi.pay(first.txid);
    expect(await notify(first.txid)).toEqual({ paid: 1 });
    const own = await companyPlan(c.companyId);
    expect(own).toMatchObject({ users: 4, connections: 3, amount: "60.00" });

    const nextDue = advanceDueDate(c.due, "MENSAL");
    await transaction(core.db.pool, (client) => createDueInvoices(client, { today: addDays(nextDue, -2) }));
    const next = (await invoicesOf(c.companyId))[1]!;
    expect(next).toMatchObject({ value: 6000, status: "open" });
    const second = await checkout({ token: c.token, invoiceId: next.id }, { users: 3, connections: 6 });
    expect(second.value).toBe(4900 + 3 * 2000);
    efi.pay(second.txid);
    expect(await notify(second.txid)).toEqual({ paid: 1 });
    expect(await companyPlan(c.companyId)).toMatchObject({
      planId: own.planId,
      customPlanId: own.planId,
      users: 3,
      connections: 6,
      amount: "109.00",
    });
  });

  it("an unpaid custom checkout changes nothing; paying the invoice's own charge made after it applies no plan", async () => {
    const c = await companyWithInvoice();
    const plansBefore = await q("SELECT count(*)::int AS n FROM plans", []);
    const custom = await checkout(c, { users: 9, connections: 9 });
    const plain = await checkout(c);
    expect([custom.value, plain.value]).toEqual([customPlanPrice(9, 9), 12990]);
    expect(await companyPlan(c.companyId)).toMatchObject({ planId: c.planId, customPlanId: null });
    expect(await q("SELECT count(*)::int AS n FROM plans", [])).toEqual(plansBefore);

    efi.pay(plain.txid);
    expect(await notify(plain.txid)).toEqual({ paid: 1 });
    expect(await companyPlan(c.companyId)).toMatchObject({ planId: c.planId, customPlanId: null, users: 2 });
    expect(await invoicesOf(c.companyId)).toEqual([
      expect.objectContaining({ status: "paid", users: 2, connections: 1, value: 12990 }),
    ]);
    // The custom charge paid late finds its invoice paid: nothing is applied.
    efi.pay(custom.txid);
    expect(await notify(custom.txid)).toEqual({ paid: 0 });
    expect(await companyPlan(c.companyId)).toMatchObject({ planId: c.planId, customPlanId: null });
    expect(await q("SELECT count(*)::int AS n FROM plans", [])).toEqual(plansBefore);
  });
});
