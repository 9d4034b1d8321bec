// The Stripe, Mercado Pago and Asaas payment notifications (decision 0110), posted to core as each provider posts
// them: a valid one pays the invoice once through payInvoice (a custom plan bought through a link applied, decision
// 0109); a bad signature or token, an unknown id, another amount or a payment not yet made pays nothing.
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
import { createDueInvoices } from "./invoices.ts";
import { customPlanName } from "./pay-invoice.ts";

const stripe = fakeStripeForFile();
const mp = fakeMercadoPagoForFile();
const asaas = fakeAsaasForFile();
const core = coreForFile(() => ({
  stripeApiUrl: stripe.url,
  mercadopagoApiUrl: mp.url,
  asaasApiUrl: asaas.url,
  publicUrl: "https://chatflow.example",
}));
const pool = () => core.db.pool;
forFile(async () => {
  await setPlatformSetting(pool(), "stripeprivatekey", stripe.secretKey);
  await setPlatformSetting(pool(), "stripewebhooksecret", stripe.webhookSecret);
  await setPlatformSetting(pool(), "mpaccesstoken", mp.accessToken);
  await setPlatformSetting(pool(), "mpwebhooksecret", mp.webhookSecret);
  await setPlatformSetting(pool(), "asaastoken", asaas.apiKey);
  await setPlatformSetting(pool(), "asaaswebhooktoken", asaas.webhookToken);
});

const today = businessToday();

async function companyWithInvoice() {
  const { rows } = await pool().query<{ id: number }>(
    `INSERT INTO plans (name, users, connections, queues, amount, use_campaigns)
     VALUES ($1, 2, 1, 7, '129.90', false) RETURNING id`,
    [`Plano hooks ${Date.now()}-${Math.random()}`],
  );
  const due = addDays(today, 4);
  const company = await buildCompany(pool(), { dueDate: due });
  await pool().query("UPDATE companies SET plan_id = $2, recurrence = 'MENSAL' WHERE id = $1", [
    company.id,
    rows[0]!.id,
  ]);
  await transaction(pool(), (c) => createDueInvoices(c));
  const invoice = await pool().query<{ id: number }>("SELECT id FROM invoices WHERE company_id = $1", [company.id]);
  const admin = await signedIn(core, { companyId: company.id });
  return { companyId: company.id, planId: rows[0]!.id, due, invoiceId: invoice.rows[0]!.id, token: admin.token };
}

type Company = Awaited<ReturnType<typeof companyWithInvoice>>;

async function checkout(c: Company, counts?: { users: number; connections: number }) {
  const custom = counts ? { plan: JSON.stringify({ ...counts, price: 1, custom: true }), ...counts } : {};
  const res = await core.api("POST", "/subscription", {
    token: c.token,
    body: { firstName: "Maria Souza", zipcode: "123.456.789-09", invoiceId: c.invoiceId, ...custom },
  });
  expect(res.status).toBe(200);
  return res.body as { stripeURL: string; mercadopagoURL: string; asaasURL: string; value: number };
}

const stateOf = async (c: Company) =>
  (
    await pool().query<{ status: string; due: string; plan: number; txid: string | null }>(
      `SELECT i.status, to_char(co.due_date, 'YYYY-MM-DD') AS due, co.plan_id AS plan, i.txid
         FROM invoices i JOIN companies co ON co.id = i.company_id WHERE i.id = $1`,
      [c.invoiceId],
    )
  ).rows[0]!;

async function post(path: string, body: string, headers: Record<string, string>) {
  const res = await fetch(`${core.url}${path}`, { method: "POST", body, headers });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const sessionOf = (url: string) => url.split("/").at(-1)!;
const preferenceOf = (url: string) => new URL(url).searchParams.get("pref_id")!;
const asaasChargeOf = (url: string) => [...asaas.payments.values()].find((p) => p.invoiceUrl === url)!.id;

describe("#webhooks/stripe", () => {
  const send = (event: { body: string; signature: string }) =>
    post("/webhooks/stripe", event.body, { "content-type": "application/json", "stripe-signature": event.signature });

  it("pays the invoice once when the signed event's session, read back from Stripe, is paid", async () => {
    const c = await companyWithInvoice();
    const { stripeURL } = await checkout(c);
    const id = sessionOf(stripeURL);
    // Completed but not paid yet at Stripe (the event alone is not trusted): nothing.
    expect((await send(stripe.event(id))).body).toEqual({ received: true, paid: 0 });
    expect((await stateOf(c)).status).toBe("open");
    stripe.pay(id);
    expect(await send(stripe.event(id))).toEqual({ status: 200, body: { received: true, paid: 1 } });
    const paid = await stateOf(c);
    expect(paid).toMatchObject({ status: "paid", due: advanceDueDate(c.due, "MENSAL") });
    expect(paid.txid).toMatch(/^stripe:/);
    // Stripe delivers again: nothing more.
    expect((await send(stripe.event(id))).body).toEqual({ received: true, paid: 0 });
    expect((await stateOf(c)).due).toBe(advanceDueDate(c.due, "MENSAL"));
    // Another event type is acknowledged and ignored.
    expect((await send(stripe.event(id, { type: "checkout.session.expired" }))).body).toEqual({
      received: true,
      paid: 0,
    });
  });

  it("refuses a bad or stale signature, an unknown session and another amount; nothing is paid", async () => {
    const c = await companyWithInvoice();
    const id = sessionOf((await checkout(c)).stripeURL);
    stripe.pay(id);
    const forged = await send(stripe.event(id, { secret: "whsec_not_the_secret" }));
    expect([forged.status, forged.body.error]).toEqual([401, "ERR_INVALID_SIGNATURE"]);
    const stale = await send(stripe.event(id, { at: Math.floor(Date.now() / 1000) - 3600 }));
    expect(stale.status).toBe(401);
    const unsigned = await post("/webhooks/stripe", stripe.event(id).body, { "content-type": "application/json" });
    expect(unsigned.status).toBe(401);
    const unknown = await send(stripe.event("cs_test_nosuchsession"));
    expect([unknown.status, unknown.body.error]).toEqual([404, "ERR_NO_INVOICE_FOUND"]);
    expect((await stateOf(c)).status).toBe("open");

    const other = await companyWithInvoice();
    const otherId = sessionOf((await checkout(other)).stripeURL);
    stripe.pay(otherId, 100);
    const wrong = await send(stripe.event(otherId));
    expect([wrong.status, wrong.body.error]).toEqual([409, "ERR_WRONG_STATE"]);
    expect((await stateOf(other)).status).toBe("open");
  });
});

describe("#webhooks/mercadopago", () => {
  const send = (n: { query: string; body: string; headers: Record<string, string> }) =>
    post(`/webhooks/mercadopago${n.query}`, n.body, n.headers);

  it("pays the invoice once when the notified payment, read back, is approved for our reference", async () => {
    const c = await companyWithInvoice();
    const pref = preferenceOf((await checkout(c)).mercadopagoURL);
    const pending = mp.pay(pref, { status: "pending" });
    expect((await send(mp.notification(pending))).body).toEqual({ received: true, paid: 0 });
    const approved = mp.pay(pref);
    expect(await send(mp.notification(approved))).toEqual({ status: 200, body: { received: true, paid: 1 } });
    expect(await stateOf(c)).toMatchObject({ status: "paid", due: advanceDueDate(c.due, "MENSAL") });
    expect((await send(mp.notification(approved))).body).toEqual({ received: true, paid: 0 });
    // A merchant_order topic is acknowledged and ignored.
    const order = await post("/webhooks/mercadopago?topic=merchant_order&id=1", "", {});
    expect(order.body).toEqual({ received: true, paid: 0 });
  });

  it("refuses a bad signature, an unknown payment and another amount; nothing is paid", async () => {
    const c = await companyWithInvoice();
    const pref = preferenceOf((await checkout(c)).mercadopagoURL);
    const cheap = mp.pay(pref, { amount: 1.5 });
    const wrong = await send(mp.notification(cheap));
    expect([wrong.status, wrong.body.error]).toEqual([409, "ERR_WRONG_STATE"]);
    const approved = mp.pay(pref);
    const forged = await send(mp.notification(approved, { secret: "not-the-secret" }));
    expect([forged.status, forged.body.error]).toEqual([401, "ERR_INVALID_SIGNATURE"]);
    const unknown = await send(mp.notification(999));
    expect([unknown.status, unknown.body.error]).toEqual([404, "ERR_NO_INVOICE_FOUND"]);
    const garbage = await send(mp.notification("1; DROP"));
    expect(garbage.status).toBe(400);
    expect((await stateOf(c)).status).toBe("open");
  });
});

describe("#webhooks/asaas", () => {
  const send = (body: string, token = asaas.webhookToken) =>
    post("/webhooks/asaas", body, { "content-type": "application/json", "asaas-access-token": token });

  it("pays the invoice once on PAYMENT_RECEIVED when the charge, read back, is received", async () => {
    const c = await companyWithInvoice();
    const id = asaasChargeOf((await checkout(c)).asaasURL);
    expect((await send(asaas.event(id, "PAYMENT_CREATED"))).body).toEqual({ received: true, paid: 0 });
    // The event says received, Asaas says pending: nothing.
    expect((await send(asaas.event(id, "PAYMENT_RECEIVED"))).body).toEqual({ received: true, paid: 0 });
    asaas.pay(id, { status: "CONFIRMED" });
    expect(await send(asaas.event(id, "PAYMENT_CONFIRMED"))).toEqual({
      status: 200,
      body: { received: true, paid: 1 },
    });
    expect((await send(asaas.event(id, "PAYMENT_RECEIVED"))).body).toEqual({ received: true, paid: 0 });
    expect(await stateOf(c)).toMatchObject({ status: "paid", due: advanceDueDate(c.due, "MENSAL") });
  });

  it("refuses a wrong or missing token, an unknown charge and another amount; nothing is paid", async () => {
    const c = await companyWithInvoice();
    const id = asaasChargeOf((await checkout(c)).asaasURL);
    asaas.pay(id, { value: 1 });
    const wrong = await send(asaas.event(id));
    expect([wrong.status, wrong.body.error]).toEqual([409, "ERR_WRONG_STATE"]);
    asaas.pay(id);
    asaas.payments.get(id)!.value = 129.9;
    const forged = await send(asaas.event(id), "x".repeat(48));
    expect([forged.status, forged.body.error]).toEqual([401, "ERR_INVALID_SIGNATURE"]);
    const none = await post("/webhooks/asaas", asaas.event(id), { "content-type": "application/json" });
    expect(none.status).toBe(401);
    const unknown = await send(asaas.event("pay_nosuchcharge"));
    expect([unknown.status, unknown.body.error]).toEqual([404, "ERR_NO_INVOICE_FOUND"]);
    expect((await stateOf(c)).status).toBe("open");
    // Without a configured token nothing can authenticate Asaas: every event is refused.
    await setPlatformSetting(pool(), "asaaswebhooktoken", "");
    try {
      expect((await send(asaas.event(id))).status).toBe(401);
    } finally {
      await setPlatformSetting(pool(), "asaaswebhooktoken", asaas.webhookToken);
    }
    expect((await send(asaas.event(id))).body).toEqual({ received: true, paid: 1 });
  });
});

describe("a custom plan bought through a link (decision 0109)", () => {
  it("becomes the company's plan when the link's payment is confirmed, once", async () => {
    const c = await companyWithInvoice();
    await checkout(c); // the invoice as it is: a link of its own, never paid
    const { stripeURL, value } = await checkout(c, { users: 5, connections: 4 });
    expect(value).toBe(9100);
    const id = sessionOf(stripeURL);
    stripe.pay(id);
    const send = () => {
      const event = stripe.event(id);
      return post("/webhooks/stripe", event.body, {
        "content-type": "application/json",
        "stripe-signature": event.signature,
      });
    };
    expect((await send()).body).toEqual({ received: true, paid: 1 });
    const state = await stateOf(c);
    expect(state.plan).not.toBe(c.planId);
    const plan = await pool().query("SELECT name, users, connections, amount FROM plans WHERE id = $1", [state.plan]);
    expect(plan.rows[0]).toMatchObject({ name: customPlanName(c.companyId), users: 5, connections: 4 });
    expect(Number(plan.rows[0].amount)).toBe(91);
    const invoice = await pool().query("SELECT users, connections, value FROM invoices WHERE id = $1", [c.invoiceId]);
    expect(invoice.rows[0]).toEqual({ users: 5, connections: 4, value: 9100 });
    expect((await send()).body).toEqual({ received: true, paid: 0 });
  });
});
