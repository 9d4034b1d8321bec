// The worker's check of payment links on an installation without PUBLIC_URL (decisions 0104, 0110): nothing can
// notify core, so each marked invoice's links are asked of their providers every run; a paid one pays the invoice
// once, another amount pays nothing.
import { describe, expect, it } from "vitest";
import { advanceDueDate } from "../contract/companies.ts";
import { addDays, businessToday } from "../kernel/business-date.ts";
import { transaction } from "../kernel/transaction.ts";
import { setPlatformSetting } from "../settings/platform-settings.ts";
import { buildCompany } from "../testing/factories.ts";
import { fakeAsaasForFile } from "../testing/fake-asaas.ts";
import { fakeMercadoPagoForFile } from "../testing/fake-mercadopago.ts";
import { fakeStripeForFile } from "../testing/fake-stripe.ts";
import { forFile } from "../testing/for-file.ts";
import { coreForFile } from "../testing/test-world.ts";
import { signedIn } from "../testing/users-factories.ts";
import { checkPixPayments, type PaymentCheckConfig } from "./check-payments.ts";
import { LINK_CHECK_SECONDS } from "./checkout.ts";
import { createDueInvoices } from "./invoices.ts";

const stripe = fakeStripeForFile();
const mp = fakeMercadoPagoForFile();
const asaas = fakeAsaasForFile();
const core = coreForFile(() => ({
  stripeApiUrl: stripe.url,
  mercadopagoApiUrl: mp.url,
  asaasApiUrl: asaas.url,
  publicUrl: undefined,
}));
const pool = () => core.db.pool;
forFile(async () => {
  await setPlatformSetting(pool(), "stripeprivatekey", stripe.secretKey);
  await setPlatformSetting(pool(), "mpaccesstoken", mp.accessToken);
  await setPlatformSetting(pool(), "asaastoken", asaas.apiKey);
});
const config = (): PaymentCheckConfig => ({
  dataDir: core.config.dataDir,
  stripeApiUrl: stripe.url,
  mercadopagoApiUrl: mp.url,
  asaasApiUrl: asaas.url,
});
const check = () => checkPixPayments(pool(), config());
const today = businessToday();

async function linkedInvoice() {
  const plan = await pool().query<{ id: number }>(
    "INSERT INTO plans (name, users, connections, queues, amount) VALUES ($1, 3, 1, 1, '59.90') RETURNING id",
    [`Plano check links ${Date.now()}-${Math.random()}`],
  );
  const due = addDays(today, 3);
  const company = await buildCompany(pool(), { dueDate: due });
  await pool().query("UPDATE companies SET plan_id = $2, recurrence = 'MENSAL' WHERE id = $1", [
    company.id,
    plan.rows[0]!.id,
  ]);
  await transaction(pool(), (c) => createDueInvoices(c));
  const invoice = (await pool().query<{ id: number }>("SELECT id FROM invoices WHERE company_id = $1", [company.id]))
    .rows[0]!;
  const admin = await signedIn(core, { companyId: company.id });
  const res = await core.api("POST", "/subscription", {
    token: admin.token,
    body: { firstName: "Maria Souza", zipcode: "123.456.789-09", invoiceId: invoice.id },
  });
  expect(res.status).toBe(200);
  return { companyId: company.id, invoiceId: invoice.id, due, answer: res.body };
}

const stateOf = async (invoiceId: number) =>
  (
    await pool().query<{ status: string; until: Date | null; due: string }>(
      `SELECT i.status, i.payment_check_until AS until, to_char(c.due_date, 'YYYY-MM-DD') AS due
         FROM invoices i JOIN companies c ON c.id = i.company_id WHERE i.id = $1`,
      [invoiceId],
    )
  ).rows[0]!;

describe("#invoices:check-payments for payment links (no PUBLIC_URL)", () => {
  it("asks each link's provider every run and pays the invoice once when one is paid", async () => {
    const before = Date.now();
    const c = await linkedInvoice();
    expect(c.answer).toMatchObject({ confirmedBy: "check", qrcode: null });
    const pref = mp.preferences.get(new URL(c.answer.mercadopagoURL).searchParams.get("pref_id")!)!;
    // No address to notify: Mercado Pago is given none.
    expect(pref.notification_url).toBeUndefined();
    const { until } = await stateOf(c.invoiceId);
    expect((until!.getTime() - before) / 1000).toBeGreaterThanOrEqual(LINK_CHECK_SECONDS - 5);

    expect(await check()).toBe(0);
    expect((await stateOf(c.invoiceId)).status).toBe("open");
    mp.pay(pref.id);
    expect(await check()).toBe(1);
    expect(await stateOf(c.invoiceId)).toMatchObject({ status: "paid", due: advanceDueDate(c.due, "MENSAL") });
    // The other links paid too (a payer who paid twice) pay nothing more: the invoice is no longer asked about.
    stripe.pay(c.answer.stripeURL.split("/").at(-1));
    expect(await check()).toBe(0);
    expect(await stateOf(c.invoiceId)).toMatchObject({ until: null, due: advanceDueDate(c.due, "MENSAL") });
  });

  it("pays nothing for a link paid with another amount, and pays through Asaas or Stripe as well", async () => {
    const wrong = await linkedInvoice();
    stripe.pay(wrong.answer.stripeURL.split("/").at(-1), 1);
    expect(await check()).toBe(0);
    expect((await stateOf(wrong.invoiceId)).status).toBe("open");

    const byAsaas = await linkedInvoice();
    const charge = [...asaas.payments.values()].find((p) => p.invoiceUrl === byAsaas.answer.asaasURL)!;
    asaas.pay(charge.id);
    const byStripe = await linkedInvoice();
    stripe.pay(byStripe.answer.stripeURL.split("/").at(-1));
    expect(await check()).toBe(2);
    expect((await stateOf(byAsaas.invoiceId)).status).toBe("paid");
    expect((await stateOf(byStripe.invoiceId)).status).toBe("paid");
    expect((await stateOf(wrong.invoiceId)).status).toBe("open");
  });
});
