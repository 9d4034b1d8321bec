import { describe, expect, it } from "vitest";
import { advanceDueDate } from "../contract/companies.ts";
import { addDays, businessToday } from "../kernel/business-date.ts";
import { transaction } from "../kernel/transaction.ts";
import { buildCompany } from "../testing/factories.ts";
import { fakeEfiForFile, storeEfiCredentials } from "../testing/fake-efi.ts";
import { coreForFile, forFile } from "../testing/test-world.ts";
import { signedIn } from "../testing/users-factories.ts";
import { checkPixPayments, type PaymentCheckConfig } from "./check-payments.ts";
import { CHARGE_EXPIRES_SECONDS, PAYMENT_CHECK_GRACE_SECONDS } from "./checkout.ts";
import { createDueInvoices } from "./invoices.ts";

const efi = fakeEfiForFile();
const core = coreForFile(() => ({ efiPixUrl: efi.url, efiPixCa: efi.ca, publicUrl: undefined }));
forFile(() => storeEfiCredentials(core.db.pool, core.config.dataDir, efi));
const config = (): PaymentCheckConfig => ({ dataDir: core.config.dataDir, baseUrl: efi.url, ca: efi.ca });
const check = () => checkPixPayments(core.db.pool, config());
const today = businessToday();

/** A company with an open invoice due in 3 days, its admin, and the invoice charged through checkout. */
async function chargedInvoice(extra: Record<string, unknown> = {}) {
  const plan = await core.db.pool.query<{ id: number }>(
    "INSERT INTO plans (name, users, connections, queues, amount) VALUES ($1, 3, 1, 1, '59.90') RETURNING id",
    [`Plano check ${Date.now()}-${Math.random()}`],
  );
  const due = addDays(today, 3);
  const company = await buildCompany(core.db.pool, { dueDate: due });
  await core.db.pool.query("UPDATE companies SET plan_id = $2, recurrence = 'MENSAL' WHERE id = $1", [
    company.id,
    plan.rows[0]!.id,
  ]);
  await transaction(core.db.pool, (c) => createDueInvoices(c));
  const invoice = (
    await core.db.pool.query<{ id: number }>("SELECT id FROM invoices WHERE company_id = $1", [company.id])
  ).rows[0]!;
  const admin = await signedIn(core, { companyId: company.id });
  const res = await core.api("POST", "/subscription", {
    token: admin.token,
    body: { firstName: "Maria Souza", zipcode: "123.456.789-09", invoiceId: invoice.id, ...extra },
  });
  expect(res.status).toBe(200);
  return { companyId: company.id, invoiceId: invoice.id, due, txid: res.body.txid as string, answer: res.body };
}

const invoiceRow = async (id: number) =>
  (
    await core.db.pool.query<{ status: string; until: Date | null }>(
      "SELECT status, payment_check_until AS until FROM invoices WHERE id = $1",
      [id],
    )
  ).rows[0]!;

describe("#subscription without PUBLIC_URL", () => {
  it("registers no webhook, says the payment is confirmed by a check, and marks the charge for it", async () => {
    const before = Date.now();
    const { invoiceId, answer } = await chargedInvoice();
    expect(answer.confirmedBy).toBe("check");
    expect(efi.webhook).toBeNull();
    const { until } = await invoiceRow(invoiceId);
    const ahead = (until!.getTime() - before) / 1000;
    expect(ahead).toBeGreaterThanOrEqual(CHARGE_EXPIRES_SECONDS + PAYMENT_CHECK_GRACE_SECONDS - 5);
    expect(ahead).toBeLessThanOrEqual(CHARGE_EXPIRES_SECONDS + PAYMENT_CHECK_GRACE_SECONDS + 60);
  });
});

describe("#invoices:check-payments", () => {
  it("asks EFI until the charge is paid, then pays the invoice once and stops asking", async () => {
    const { companyId, invoiceId, due, txid } = await chargedInvoice();
    expect(await check()).toBe(0);
    expect((await invoiceRow(invoiceId)).status).toBe("open");
    efi.pay(txid);
    const [a, b] = await Promise.all([check(), check()]);
    expect(a + b).toBe(1);
    expect(await check()).toBe(0);
    expect(await invoiceRow(invoiceId)).toEqual({ status: "paid", until: null });
    const company = await core.db.pool.query(
      "SELECT to_char(due_date, 'YYYY-MM-DD') AS due FROM companies WHERE id = $1",
      [companyId],
    );
    expect(company.rows[0].due).toBe(advanceDueDate(due, "MENSAL"));
    const log = await core.db.pool.query(
      "SELECT 1 FROM change_log WHERE company_id = $1 AND entity = 'lists' AND entity_id = 'invoices'",
      [companyId],
    );
    expect(log.rowCount).toBeGreaterThan(0);
  });

  it("applies a custom plan the check finds paid once, as the webhook does (decision 0109)", async () => {
    const counts = { users: 4, connections: 5 };
    const plan = JSON.stringify({ ...counts, price: 1, custom: true });
    const { companyId, invoiceId, txid } = await chargedInvoice({ plan, ...counts });
    const planOf = async () =>
      (
        await core.db.pool.query(
          `SELECT p.users, p.connections, p.amount::text AS amount, c.custom_plan_id = p.id AS own
             FROM companies c JOIN plans p ON p.id = c.plan_id WHERE c.id = $1`,
          [companyId],
        )
      ).rows[0];
    expect(await planOf()).toEqual({ users: 3, connections: 1, amount: "59.90", own: null });
    efi.pay(txid);
    const [a, b] = await Promise.all([check(), check()]);
    expect(a + b).toBe(1);
    expect(await check()).toBe(0);
    expect(await planOf()).toEqual({ users: 4, connections: 5, amount: "100.00", own: true });
    const invoice = await core.db.pool.query("SELECT users, connections, value FROM invoices WHERE id = $1", [
      invoiceId,
    ]);
    expect(invoice.rows[0]).toEqual({ users: 4, connections: 5, value: 4900 + 1100 + 2 * 2000 });
  });

  it("stops asking once the charge's time ran out, and never pays another company's invoice by a foreign charge", async () => {
    const expired = await chargedInvoice();
    await core.db.pool.query("UPDATE invoices SET payment_check_until = now() - interval '1 second' WHERE id = $1", [
      expired.invoiceId,
    ]);
    efi.pay(expired.txid);
    expect(await check()).toBe(0);
    expect(await invoiceRow(expired.invoiceId)).toEqual({ status: "open", until: null });

    // A charge whose reference names another invoice (a txid copied onto the wrong row) pays nothing.
    const mine = await chargedInvoice();
    const other = await chargedInvoice();
    await core.db.pool.query("UPDATE invoices SET txid = $2 WHERE id = $1", [mine.invoiceId, other.txid]);
    efi.pay(other.txid);
    await check();
    expect((await invoiceRow(mine.invoiceId)).status).toBe("open");
    expect((await invoiceRow(other.invoiceId)).status).toBe("paid");
  });
});
