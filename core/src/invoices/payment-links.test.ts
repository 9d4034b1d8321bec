// Checkout's Stripe, Mercado Pago and Asaas links (decision 0110), against the three loopback stand-ins: each
// configured provider's link made through its API as the reference documents it, kept and reused, a refusal
// named while the other options are still offered.
import { describe, expect, it } from "vitest";
import { customPlanPrice } from "../contract/invoices.ts";
import { addDays, businessToday } from "../kernel/business-date.ts";
import { transaction } from "../kernel/transaction.ts";
import { setPlatformSetting } from "../settings/platform-settings.ts";
import { buildCompany } from "../testing/factories.ts";
import { fakeAsaasForFile } from "../testing/fake-asaas.ts";
import { fakeEfiForFile, storeEfiCredentials } from "../testing/fake-efi.ts";
import { fakeMercadoPagoForFile } from "../testing/fake-mercadopago.ts";
import { fakeStripeForFile } from "../testing/fake-stripe.ts";
import { coreForFile } from "../testing/test-world.ts";
import { signedIn } from "../testing/users-factories.ts";
import { createDueInvoices } from "./invoices.ts";

const efi = fakeEfiForFile();
const stripe = fakeStripeForFile();
const mp = fakeMercadoPagoForFile();
const asaas = fakeAsaasForFile();
const core = coreForFile(() => ({
  efiPixUrl: efi.url,
  efiPixCa: efi.ca,
  stripeApiUrl: stripe.url,
  mercadopagoApiUrl: mp.url,
  asaasApiUrl: asaas.url,
  publicUrl: "https://chatflow.example/",
}));

const today = businessToday();
const pool = () => core.db.pool;

async function setProviders(o: { pix?: boolean; stripe?: boolean; mp?: boolean; asaas?: boolean }) {
  if (o.pix) await storeEfiCredentials(pool(), core.config.dataDir, efi);
  else await pool().query("DELETE FROM platform_settings WHERE key LIKE 'efi%'");
  await setPlatformSetting(pool(), "stripeprivatekey", o.stripe ? stripe.secretKey : "");
  await setPlatformSetting(pool(), "mpaccesstoken", o.mp ? mp.accessToken : "");
  await setPlatformSetting(pool(), "asaastoken", o.asaas ? asaas.apiKey : "");
}

async function companyWithInvoice(dueInDays = 4) {
  const { rows } = await pool().query<{ id: number }>(
    "INSERT INTO plans (name, users, connections, queues, amount) VALUES ($1, 4, 2, 5, '129.90') RETURNING id",
    [`Plano links ${Date.now()}-${Math.random()}`],
  );
  const company = await buildCompany(pool(), { dueDate: addDays(today, dueInDays) });
  await pool().query("UPDATE companies SET plan_id = $2 WHERE id = $1", [company.id, rows[0]!.id]);
  await transaction(pool(), (c) => createDueInvoices(c));
  const invoice = await pool().query<{ id: number }>("SELECT id FROM invoices WHERE company_id = $1", [company.id]);
  const admin = await signedIn(core, { companyId: company.id });
  return { companyId: company.id, invoiceId: invoice.rows[0]!.id, token: admin.token };
}

const checkout = (c: { token: string; invoiceId: number }, extra: Record<string, unknown> = {}) =>
  core.api("POST", "/subscription", {
    token: c.token,
    body: { firstName: "Maria", lastName: "Souza", zipcode: "123.456.789-09", invoiceId: c.invoiceId, ...extra },
  });

describe("#subscription with payment links", () => {
  it("offers a Stripe, a Mercado Pago and an Asaas link beside Pix, each made as the provider documents", async () => {
    await setProviders({ pix: true, stripe: true, mp: true, asaas: true });
    const c = await companyWithInvoice();
    const res = await checkout(c);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      qrcode: { qrcode: expect.stringContaining("BR.GOV.BCB.PIX") },
      stripeURL: expect.stringMatching(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/),
      mercadopagoURL: expect.stringMatching(/^https:\/\/www\.mercadopago\.com\.br\/checkout\/v1\/redirect\?pref_id=/),
      asaasURL: expect.stringMatching(/^https:\/\/www\.asaas\.com\/i\//),
      refused: [],
      value: 12990,
      confirmedBy: "notification",
    });

    const form = stripe.created.at(-1)!;
    expect(Object.fromEntries(form)).toMatchObject({
      mode: "payment",
      "line_items[0][price_data][currency]": "brl",
      "line_items[0][price_data][unit_amount]": "12990",
      "line_items[0][quantity]": "1",
      client_reference_id: expect.stringMatching(new RegExp(`^${c.companyId}:${c.invoiceId}:[0-9a-f]{16}$`)),
      success_url: "https://chatflow.example/financeiro",
    });
    expect(form.get("metadata[chatflow_reference]")).toBe(form.get("client_reference_id"));

    const pref = [...mp.preferences.values()].at(-1)!;
    expect(pref.items).toEqual([
      { title: expect.stringContaining(`#${c.invoiceId}`), quantity: 1, unit_price: 129.9, currency_id: "BRL" },
    ]);
    expect(pref.external_reference).toMatch(new RegExp(`^${c.companyId}:${c.invoiceId}:`));
    expect(pref.notification_url).toBe("https://chatflow.example/webhooks/mercadopago");

    const charge = [...asaas.payments.values()].at(-1)!;
    expect(charge).toMatchObject({ billingType: "UNDEFINED", value: 129.9, dueDate: addDays(today, 4) });
    expect(asaas.customers.get(charge.customer)).toMatchObject({
      name: "Maria Souza",
      cpfCnpj: "12345678909",
      externalReference: `chatflow-company-${c.companyId}`,
    });

    // Kept: each link buys this invoice as it is.
    const kept = await pool().query(
      `SELECT l.provider, c.value, c.custom FROM invoice_payment_links l JOIN invoice_charges c ON c.txid = l.charge_key
        WHERE l.company_id = $1 AND l.invoice_id = $2 ORDER BY l.provider`,
      [c.companyId, c.invoiceId],
    );
    expect(kept.rows).toEqual([
      { provider: "asaas", value: 12990, custom: false },
      { provider: "mercadopago", value: 12990, custom: false },
      { provider: "stripe", value: 12990, custom: false },
    ]);
  });

  it("reuses the kept links on a repeated checkout, and makes new ones for another purchase", async () => {
    await setProviders({ stripe: true, mp: true, asaas: true });
    const c = await companyWithInvoice();
    const first = await checkout(c);
    const counts = { sessions: stripe.sessions.size, prefs: mp.preferences.size, charges: asaas.payments.size };
    const again = await checkout(c);
    expect(again.status).toBe(200);
    expect([again.body.stripeURL, again.body.mercadopagoURL, again.body.asaasURL]).toEqual([
      first.body.stripeURL,
      first.body.mercadopagoURL,
      first.body.asaasURL,
    ]);
    expect({ sessions: stripe.sessions.size, prefs: mp.preferences.size, charges: asaas.payments.size }).toEqual(
      counts,
    );
    // The company's Asaas customer is found by its reference, not made twice.
    const custom = await checkout(c, {
      plan: JSON.stringify({ users: 5, connections: 4, price: 1, custom: true }),
      users: 5,
      connections: 4,
    });
    expect(custom.body.value).toBe(customPlanPrice(5, 4));
    expect(custom.body.stripeURL).not.toBe(first.body.stripeURL);
    expect(stripe.created.at(-1)?.get("line_items[0][price_data][unit_amount]")).toBe("9100");
    expect(
      [...asaas.customers.values()].filter((x) => x.externalReference === `chatflow-company-${c.companyId}`),
    ).toHaveLength(1);
  });

  it("makes a new Stripe session once the kept one is about to expire", async () => {
    await setProviders({ stripe: true });
    const c = await companyWithInvoice();
    const first = await checkout(c);
    await pool().query(
      "UPDATE invoice_payment_links SET expires_at = now() + interval '5 minutes' WHERE company_id = $1",
      [c.companyId],
    );
    const again = await checkout(c);
    expect(again.body.stripeURL).not.toBe(first.body.stripeURL);
  });

  it("works with links alone (no Pix), and names only what is configured", async () => {
    await setProviders({ mp: true });
    const c = await companyWithInvoice();
    const res = await checkout(c);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ qrcode: null, txid: null, stripeURL: null, asaasURL: null, refused: [] });
    expect(res.body.mercadopagoURL).toMatch(/^https:\/\/www\.mercadopago\.com\.br\//);
    await setProviders({});
    const none = await checkout(c);
    expect([none.status, none.body.error]).toEqual([503, "ERR_PAYMENT_NOT_CONFIGURED"]);
  });

  it("names a provider that refuses and still offers the others; all refusing is a 502", async () => {
    await setProviders({ pix: true, stripe: true, mp: true, asaas: true });
    const c = await companyWithInvoice();
    stripe.refuse = { status: 400, message: "Your account cannot currently make live charges." };
    try {
      const res = await checkout(c);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ stripeURL: null, refused: ["stripe"] });
      expect(res.body.qrcode).not.toBeNull();
      expect(res.body.mercadopagoURL).toBeTruthy();
      expect(res.body.asaasURL).toBeTruthy();
      const kept = await pool().query("SELECT provider FROM invoice_payment_links WHERE company_id = $1", [
        c.companyId,
      ]);
      expect(kept.rows.map((r) => r.provider).sort()).toEqual(["asaas", "mercadopago"]);
    } finally {
      stripe.refuse = null;
    }
    // A CPF/CNPJ Asaas cannot take is Asaas's refusal alone.
    const other = await companyWithInvoice();
    const bad = await checkout(other, { zipcode: "12345" });
    expect(bad.body.refused).toEqual(["asaas"]);
    expect(bad.body.stripeURL).toBeTruthy();
    // Every configured provider refusing: nothing to offer.
    await setProviders({ stripe: true, mp: true });
    stripe.refuse = { status: 401, message: "Invalid API Key provided" };
    mp.refuse = { status: 400, message: "invalid access token" };
    try {
      const third = await companyWithInvoice();
      const res = await checkout(third);
      expect([res.status, res.body.error]).toEqual([502, "ERR_PAYMENT_PROVIDER_FAILED"]);
    } finally {
      stripe.refuse = null;
      mp.refuse = null;
    }
  });

  it("sends Asaas a due date of today for an overdue invoice (Asaas refuses a past one)", async () => {
    await setProviders({ asaas: true });
    const c = await companyWithInvoice(-3);
    const res = await checkout(c);
    expect(res.status).toBe(200);
    expect(asaas.payments.get([...asaas.payments.keys()].at(-1)!)?.dueDate).toBe(today);
  });
});
