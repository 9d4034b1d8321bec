// The payment dialog with Stripe, Mercado Pago and Asaas links beside Pix (decision 0110), against the four
// loopback stand-ins: every configured option shown (at the three sizes, light and dark, axe-checked), the same
// links on a repeated checkout, a link's payment renewing the licence; and only the configured providers shown.
import { advanceDueDate } from "@chatflow/core/contract/companies.ts";
import { buildUser } from "@chatflow/core/testing/factories.ts";
import { startFakeAsaas, storeAsaasCredentials } from "@chatflow/core/testing/fake-asaas.ts";
import { startFakeEfi, storeEfiCredentials } from "@chatflow/core/testing/fake-efi.ts";
import { startFakeMercadoPago, storeMercadoPagoCredentials } from "@chatflow/core/testing/fake-mercadopago.ts";
import { startFakeStripe, storeStripeCredentials } from "@chatflow/core/testing/fake-stripe.ts";
import { forFile } from "@chatflow/core/testing/for-file.ts";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { browserStackForFile } from "../../test/browser-stack-for-file.ts";
import { ADMIN, LOOK_SIZES, looked, signInToLanding, until } from "./support.ts";

const efi = forFile(startFakeEfi, { stop: (f) => f.close() });
const stripe = forFile(startFakeStripe, { stop: (f) => f.close() });
const mp = forFile(startFakeMercadoPago, { stop: (f) => f.close() });
const asaas = forFile(startFakeAsaas, { stop: (f) => f.close() });
const world = browserStackForFile({
  core: () => ({
    efiPixUrl: efi.url,
    efiPixCa: efi.ca,
    stripeApiUrl: stripe.url,
    mercadopagoApiUrl: mp.url,
    asaasApiUrl: asaas.url,
    publicUrl: "https://chatflow.example",
  }),
});

/** A company with an open invoice of R$ 79,90 due in 5 days, and its admin. */
async function companyWithInvoice(name: string) {
  const pool = world.stack.core.db.pool;
  const plan = await pool.query<{ id: number }>(
    "INSERT INTO plans (name, users, connections, queues, amount) VALUES ($1, 4, 2, 3, 79.9) RETURNING id",
    [`Plano ${name}`],
  );
  const due = await pool.query<{ due: string }>("SELECT to_char(current_date + 5, 'YYYY-MM-DD') AS due");
  const company = await pool.query<{ id: number }>(
    "INSERT INTO companies (name, due_date, recurrence, plan_id) VALUES ($1, $2, 'MENSAL', $3) RETURNING id",
    [name, due.rows[0]!.due, plan.rows[0]!.id],
  );
  const companyId = company.rows[0]!.id;
  await pool.query(
    `INSERT INTO invoices (company_id, detail, users, connections, queues, value, due_date)
     VALUES ($1, $2, 4, 2, 3, 7990, $3)`,
    [companyId, `Plano ${name}`, due.rows[0]!.due],
  );
  const owner = await buildUser(pool, { companyId, password: "Links-2026" });
  return { companyId, due: due.rows[0]!.due, owner };
}

/** Opens /financeiro, pays the invoice as it is, and waits for the payment screen. */
async function openPayment(page: Page, name: string) {
  await page.goto(`${world.stack.core.url}/financeiro`);
  await page
    .getByTestId("invoice-row")
    .filter({ hasText: `Plano ${name}` })
    .getByTestId("invoice-pay")
    .click();
  await page.getByTestId("checkout-choose-invoice").click();
  await page.getByTestId("checkout-submit").click();
  await page.getByTestId("checkout-first-name").fill("Joana Links");
  await page.getByTestId("checkout-zipcode").fill("123.456.789-09");
  await page.getByTestId("checkout-next").click();
  await page.getByTestId("checkout-submit").click();
  await page.getByTestId("checkout-payment").waitFor();
}

const hrefs = async (page: Page) => ({
  stripe: await page.getByTestId("checkout-link-stripe").getAttribute("href"),
  mercadopago: await page.getByTestId("checkout-link-mercadopago").getAttribute("href"),
  asaas: await page.getByTestId("checkout-link-asaas").getAttribute("href"),
});

describe("/financeiro payment links", () => {
  it("shows the Pix QR code and a button for each configured provider, the same links each time, at every size", async () => {
    const { core } = world.stack;
    const pool = core.db.pool;
    await storeEfiCredentials(pool, core.config.dataDir, efi);
    await storeStripeCredentials(pool, stripe);
    await storeMercadoPagoCredentials(pool, mp);
    await storeAsaasCredentials(pool, asaas);
    const { owner, due } = await companyWithInvoice("Quatro Formas");

    const problems: string[] = [];
    let first: Awaited<ReturnType<typeof hrefs>> | null = null;
    // The desk comes last: there the invoice is paid.
    const looks = [
      ...LOOK_SIZES.filter((s) => s.name !== "desk").map((s) => ({ ...s, scheme: "light" as const })),
      { name: "phone390-dark", width: 390, height: 844, scheme: "dark" as const },
      ...LOOK_SIZES.filter((s) => s.name === "desk").map((s) => ({ ...s, scheme: "light" as const })),
    ];
    for (const size of looks) {
      const context = await world.browser.newContext({
        viewport: { width: size.width, height: size.height },
        colorScheme: size.scheme,
      });
      const page = await context.newPage();
      page.on("pageerror", (e) => console.error("page error:", e.message));
      await signInToLanding(page, core.url, owner);
      await openPayment(page, "Quatro Formas");
      await page.getByTestId("checkout-qr").waitFor();
      const links = await hrefs(page);
      expect(links.stripe).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);
      expect(links.mercadopago).toMatch(/^https:\/\/www\.mercadopago\.com\.br\/checkout\/v1\/redirect\?pref_id=/);
      expect(links.asaas).toMatch(/^https:\/\/www\.asaas\.com\/i\//);
      // Each opens the provider's page in a new tab.
      expect(await page.getByTestId("checkout-link-stripe").getAttribute("target")).toBe("_blank");
      expect(await page.getByTestId("checkout-link-asaas").innerText()).toContain("Pagar com Asaas");
      // A repeated checkout offers the links made the first time.
      if (first) expect(links).toEqual(first);
      first ??= links;
      await page.getByTestId("checkout-link-asaas").scrollIntoViewIfNeeded();
      problems.push(...(await looked(page, `checkout-links-${size.name}`)));
      if (size.name !== "desk") {
        await context.close();
        continue;
      }
      // The payer pays by card; Stripe notifies core; the screen says the licence was renewed.
      const sessionId = first.stripe!.split("/").at(-1)!;
      stripe.pay(sessionId);
      const event = stripe.event(sessionId);
      const notified = await fetch(`${core.url}/webhooks/stripe`, {
        method: "POST",
        headers: { "content-type": "application/json", "stripe-signature": event.signature },
        body: event.body,
      });
      expect(await notified.json()).toEqual({ received: true, paid: 1 });
      const renewed = advanceDueDate(due, "MENSAL").split("-").reverse().join("/");
      await page.getByTestId("checkout-status").getByText(`Licença renovada até ${renewed}`).waitFor();
      await context.close();
    }
    expect(problems).toEqual([]);
  }, 180_000);

  it("shows only the configured providers, and names one that refused", async () => {
    const { core } = world.stack;
    const pool = core.db.pool;
    await pool.query("DELETE FROM platform_settings WHERE key LIKE 'efi%'");
    await storeStripeCredentials(pool, null);
    await storeMercadoPagoCredentials(pool, mp);
    await storeAsaasCredentials(pool, asaas);
    asaas.refuse = { status: 400, description: "Sua conta não está habilitada para emitir cobranças." };
    try {
      const { owner } = await companyWithInvoice("Uma Forma");
      const problems: string[] = [];
      for (const size of LOOK_SIZES) {
        const context = await world.browser.newContext({ viewport: { width: size.width, height: size.height } });
        const page = await context.newPage();
        await signInToLanding(page, core.url, owner);
        await openPayment(page, "Uma Forma");
        const mercadoPago = page.getByTestId("checkout-link-mercadopago");
        await mercadoPago.waitFor();
        expect(await mercadoPago.getAttribute("href")).toMatch(/^https:\/\/www\.mercadopago\.com\.br\//);
        expect(await page.getByTestId("checkout-qr").count()).toBe(0);
        expect(await page.getByTestId("checkout-link-stripe").count()).toBe(0);
        expect(await page.getByTestId("checkout-link-asaas").count()).toBe(0);
        expect(await page.getByTestId("checkout-payment").innerText()).toContain("Formas de pagamento");
        expect(await page.getByTestId("checkout-refused-asaas").innerText()).toContain(
          "O Asaas não conseguiu criar a cobrança agora",
        );
        problems.push(...(await looked(page, `checkout-one-link-${size.name}`)));
        await context.close();
      }
      expect(problems).toEqual([]);
    } finally {
      asaas.refuse = null;
    }
  }, 120_000);

  it("the super user's settings take the three webhook secrets, each saying where to register it", async () => {
    const { core } = world.stack;
    const problems: string[] = [];
    for (const size of LOOK_SIZES) {
      const context = await world.browser.newContext({ viewport: { width: size.width, height: size.height } });
      const page = await context.newPage();
      await signInToLanding(page, core.url, ADMIN);
      await page.goto(`${core.url}/settings`);
      const stripeSecret = page.getByTestId("setting-stripewebhooksecret");
      await stripeSecret.waitFor();
      expect(await stripeSecret.getAttribute("type")).toBe("password");
      await page.getByText("/webhooks/stripe com o evento checkout.session.completed").waitFor();
      await page.getByText("{endereço público}/webhooks/mercadopago").waitFor();
      if (size.name === "desk") {
        await stripeSecret.fill("whsec_from_the_dashboard");
        await stripeSecret.press("Tab");
        await until("the signing secret stored", async () => {
          const { rows } = await core.db.pool.query(
            "SELECT value FROM platform_settings WHERE key = 'stripewebhooksecret'",
          );
          return rows[0]?.value === "whsec_from_the_dashboard";
        });
      }
      await page.getByTestId("setting-asaaswebhooktoken").scrollIntoViewIfNeeded();
      problems.push(...(await looked(page, `settings-payment-webhooks-${size.name}`)));
      await context.close();
    }
    expect(problems).toEqual([]);
  }, 120_000);
});
