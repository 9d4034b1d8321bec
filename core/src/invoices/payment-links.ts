// The Stripe, Mercado Pago and Asaas payment links of checkout (spec 3 §3 Payment result: stripeURL,
// mercadopagoURL, asaasURL; decision 0110): one per provider whose credential the super user set, for the amount
// core priced, made through the provider's API and kept (invoice_payment_links), so a repeated checkout of the same
// purchase offers the same link. What each link buys is recorded as a charge (invoice_charges, keyed
// `{provider}:{reference}`), which the one payInvoice applies when the provider confirms it (decision 0109).
import { randomBytes } from "node:crypto";
import type pg from "pg";
import type { PaymentLinkProvider } from "../contract/invoices.ts";
import { businessToday } from "../kernel/business-date.ts";
import { logger } from "../kernel/logger.ts";
import { transaction } from "../kernel/transaction.ts";
import { getPlatformSettings } from "../settings/platform-settings.ts";
import { ASAAS_API_URL, type AsaasAccount, asaasCustomer, createAsaasPayment } from "./asaas-api.ts";
import { createPreference, MERCADOPAGO_API_URL, type MercadoPagoAccount } from "./mercadopago-api.ts";
import { createCheckoutSession, STRIPE_API_URL, type StripeAccount } from "./stripe-api.ts";

/** Where each provider's API is (tests: the loopback stand-ins; decision 0110). */
export type LinkEndpoints = { stripeApiUrl?: string; mercadopagoApiUrl?: string; asaasApiUrl?: string };

/** The providers whose credential is set, with what authenticates their notifications. */
export type LinkAccounts = {
  stripe?: StripeAccount & { webhookSecret?: string };
  mercadopago?: MercadoPagoAccount & { webhookSecret?: string };
  asaas?: AsaasAccount & { webhookToken?: string };
};

export async function loadLinkAccounts(db: pg.Pool | pg.ClientBase, endpoints: LinkEndpoints): Promise<LinkAccounts> {
  const s = await getPlatformSettings(db);
  const set = (v: string | undefined) => (v?.trim() ? v.trim() : undefined);
  const accounts: LinkAccounts = {};
  const stripeKey = set(s.stripeprivatekey);
  if (stripeKey) {
    accounts.stripe = {
      secretKey: stripeKey,
      baseUrl: endpoints.stripeApiUrl ?? STRIPE_API_URL,
      webhookSecret: set(s.stripewebhooksecret),
    };
  }
  const mpToken = set(s.mpaccesstoken);
  if (mpToken) {
    accounts.mercadopago = {
      accessToken: mpToken,
      baseUrl: endpoints.mercadopagoApiUrl ?? MERCADOPAGO_API_URL,
      webhookSecret: set(s.mpwebhooksecret),
    };
  }
  const asaasKey = set(s.asaastoken);
  if (asaasKey) {
    accounts.asaas = {
      apiKey: asaasKey,
      baseUrl: endpoints.asaasApiUrl ?? ASAAS_API_URL,
      webhookToken: set(s.asaaswebhooktoken),
    };
  }
  return accounts;
}

/** What checkout sells: the invoice as it is, or a custom plan (spec 3 §9), at core's price. */
export type Purchase = {
  companyId: number;
  invoiceId: number;
  /** The invoice's detail (the plan's name), shown on the provider's page. */
  detail: string;
  /** yyyy-mm-dd: Asaas's charge is due then (today at the earliest). */
  dueDate: string;
  custom: boolean;
  users: number;
  connections: number;
  /** In cents. */
  value: number;
};

export type LinkContext = {
  payerName: string;
  /** The CPF/CNPJ the form asks for (Asaas's customer needs it). */
  taxId: string;
  /** Where the provider's page sends the payer back: the app's /financeiro. */
  returnUrl: string;
  /** core's public address (PUBLIC_URL): Mercado Pago's notification_url is named under it. */
  publicUrl?: string;
};

/** The webhook paths each provider notifies (decision 0110). */
export const LINK_WEBHOOK_PATHS: Record<PaymentLinkProvider, string> = {
  stripe: "/webhooks/stripe",
  mercadopago: "/webhooks/mercadopago",
  asaas: "/webhooks/asaas",
};

/** A Stripe session is not offered again in its last this many seconds (the payer needs time to pay). */
const EXPIRY_MARGIN_SECONDS = 15 * 60;

type Made = { providerId: string; url: string; expiresAt: Date | null };

async function makeLink(
  provider: PaymentLinkProvider,
  accounts: LinkAccounts,
  purchase: Purchase,
  ctx: LinkContext,
  reference: string,
): Promise<Made> {
  const title = `${purchase.detail || "Chat-flow"} #${purchase.invoiceId}`;
  if (provider === "stripe") {
    const s = await createCheckoutSession(accounts.stripe!, {
      reference,
      cents: purchase.value,
      title,
      returnUrl: ctx.returnUrl,
    });
    if (!s.id || !s.url) throw new Error("Stripe gave no session url");
    return { providerId: s.id, url: s.url, expiresAt: s.expires_at ? new Date(s.expires_at * 1000) : null };
  }
  if (provider === "mercadopago") {
    const p = await createPreference(accounts.mercadopago!, {
      reference,
      cents: purchase.value,
      title,
      returnUrl: ctx.returnUrl,
      notificationUrl: ctx.publicUrl
        ? `${ctx.publicUrl.replace(/\/+$/, "")}${LINK_WEBHOOK_PATHS.mercadopago}`
        : undefined,
    });
    if (!p.id || !p.init_point) throw new Error("Mercado Pago gave no init_point");
    return { providerId: p.id, url: p.init_point, expiresAt: null };
  }
  const account = accounts.asaas!;
  const customer = await asaasCustomer(account, {
    reference: `chatflow-company-${purchase.companyId}`,
    name: ctx.payerName,
    cpfCnpj: ctx.taxId.replace(/\D/g, ""),
  });
  const today = businessToday();
  const payment = await createAsaasPayment(account, {
    customer,
    cents: purchase.value,
    dueDate: purchase.dueDate > today ? purchase.dueDate : today,
    description: title,
    reference,
  });
  if (!payment.id || !payment.invoiceUrl) throw new Error("Asaas gave no invoiceUrl");
  return { providerId: payment.id, url: payment.invoiceUrl, expiresAt: null };
}

/** The link kept for this purchase, unless it expires too soon. */
async function keptLink(pool: pg.Pool, provider: PaymentLinkProvider, p: Purchase): Promise<string | null> {
  const { rows } = await pool.query<{ url: string }>(
    `SELECT l.url FROM invoice_payment_links l
       JOIN invoice_charges c ON c.txid = l.charge_key AND c.company_id = l.company_id
      WHERE l.company_id = $1 AND l.invoice_id = $2 AND l.provider = $3
        AND c.custom = $4 AND c.users = $5 AND c.connections = $6 AND c.value = $7
        AND (l.expires_at IS NULL OR l.expires_at > now() + make_interval(secs => $8))
      ORDER BY l.created_at DESC LIMIT 1`,
    [p.companyId, p.invoiceId, provider, p.custom, p.users, p.connections, p.value, EXPIRY_MARGIN_SECONDS],
  );
  return rows[0]?.url ?? null;
}

async function linkFor(
  pool: pg.Pool,
  provider: PaymentLinkProvider,
  accounts: LinkAccounts,
  p: Purchase,
  ctx: LinkContext,
): Promise<string> {
  const kept = await keptLink(pool, provider, p);
  if (kept) return kept;
  // Ours, sent to the provider and read back from its notification: the company, the invoice, and this link.
  const reference = `${p.companyId}:${p.invoiceId}:${randomBytes(8).toString("hex")}`;
  const made = await makeLink(provider, accounts, p, ctx, reference);
  const chargeKey = `${provider}:${reference}`;
  await transaction(pool, async (client) => {
    await client.query(
      `INSERT INTO invoice_charges (txid, company_id, invoice_id, custom, users, connections, value)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [chargeKey, p.companyId, p.invoiceId, p.custom, p.users, p.connections, p.value],
    );
    await client.query(
      `INSERT INTO invoice_payment_links (charge_key, company_id, invoice_id, provider, reference, provider_id, url, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [chargeKey, p.companyId, p.invoiceId, provider, reference, made.providerId, made.url, made.expiresAt],
    );
  });
  return made.url;
}

export type Links = { urls: Partial<Record<PaymentLinkProvider, string>>; refused: PaymentLinkProvider[] };

/**
 * The link of each configured provider, kept or made now (the providers are asked at once, outside any
 * transaction). A provider that refuses is logged and named in `refused`; the others are still offered.
 */
export async function paymentLinks(
  pool: pg.Pool,
  accounts: LinkAccounts,
  p: Purchase,
  ctx: LinkContext,
): Promise<Links> {
  const providers = (Object.keys(accounts) as PaymentLinkProvider[]).filter((k) => accounts[k]);
  const answers = await Promise.allSettled(providers.map((provider) => linkFor(pool, provider, accounts, p, ctx)));
  const links: Links = { urls: {}, refused: [] };
  answers.forEach((answer, i) => {
    const provider = providers[i]!;
    if (answer.status === "fulfilled") {
      links.urls[provider] = answer.value;
      return;
    }
    links.refused.push(provider);
    logger.warn(
      {
        provider,
        companyId: p.companyId,
        invoiceId: p.invoiceId,
        reason: String(answer.reason?.message ?? answer.reason),
      },
      "checkout: a payment provider refused the link",
    );
  });
  return links;
}
