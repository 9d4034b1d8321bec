// A payment made through a Stripe, Mercado Pago or Asaas link, confirmed (decision 0110): whatever told us (the
// provider's notification, or the worker's check without PUBLIC_URL), the payment is read back from the provider's
// API with the super user's credential, must be paid, must be one of our links' (its reference) and must carry the
// amount that link was made for; then the one payInvoice pays the invoice once and applies what the link bought.
import type pg from "pg";
import { AppError, invalidInput, invoiceNotFound, paymentNotConfigured, wrongState } from "../kernel/errors.ts";
import { logger } from "../kernel/logger.ts";
import { transaction } from "../kernel/transaction.ts";
import { ASAAS_PAID_STATUSES, getAsaasPayment } from "./asaas-api.ts";
import { getPayment, searchPayments } from "./mercadopago-api.ts";
import { payInvoice } from "./pay-invoice.ts";
import type { LinkAccounts } from "./payment-links.ts";
import { centsOf } from "./provider-http.ts";
import { getCheckoutSession } from "./stripe-api.ts";

/** One kept link with the value it was made for. */
export type PaymentLink = {
  chargeKey: string;
  companyId: number;
  invoiceId: number;
  provider: string;
  reference: string;
  providerId: string;
  /** In cents. */
  value: number;
};

const LINK_COLUMNS = `l.charge_key AS "chargeKey", l.company_id AS "companyId", l.invoice_id AS "invoiceId",
  l.provider, l.reference, l.provider_id AS "providerId", c.value`;

/** The link a provider's payment names by our reference (any company's: the reference says which). */
async function linkByReference(pool: pg.Pool, provider: string, reference: unknown): Promise<PaymentLink | null> {
  if (typeof reference !== "string" || reference.length > 200) return null;
  const { rows } = await pool.query<PaymentLink>(
    `/* all-companies: a provider's notification names our reference, which names the company */
     SELECT ${LINK_COLUMNS} FROM invoice_payment_links l
       JOIN invoice_charges c ON c.txid = l.charge_key AND c.company_id = l.company_id
      WHERE l.provider = $1 AND l.reference = $2`,
    [provider, reference],
  );
  return rows[0] ?? null;
}

/** The outcome of one confirmation: paid now, or not (not paid yet at the provider, or paid already). */
export type Confirmed = { paid: 0 | 1 };

/** A notification refused: logged with why, and thrown for the route's status (nothing is paid). */
function refuse(provider: string, err: AppError, detail: Record<string, unknown> = {}): never {
  logger.warn({ provider, code: err.code, reason: err.message, ...detail }, "payment notification refused");
  throw err;
}

/** A provider's 404 for the id a notification named: unknown to the provider, so unknown here too. */
async function readBack<T>(provider: string, read: () => Promise<T>, id: string): Promise<T> {
  try {
    return await read();
  } catch (err) {
    if (err instanceof AppError && err.data?.providerStatus === 404) refuse(provider, invoiceNotFound(), { id });
    throw err;
  }
}

/** Pays the link's invoice once (what the link bought applied); answers whether this call paid it. */
export function payLink(pool: pg.Pool, link: PaymentLink): Promise<boolean> {
  return transaction(pool, (client) =>
    payInvoice(client, { companyId: link.companyId, invoiceId: link.invoiceId, txid: link.chargeKey }),
  );
}

/** The amount check every provider's confirmation ends with: a payment of another amount pays nothing. */
function sameAmount(provider: string, link: PaymentLink, cents: number, currency: string | null | undefined) {
  if (cents !== link.value || (currency ?? "").toUpperCase() !== "BRL") {
    refuse(provider, wrongState("The payment's amount does not match the invoice's charge"), {
      invoiceId: link.invoiceId,
      expected: link.value,
      got: cents,
      currency,
    });
  }
}

// ---- Stripe ----

/** Checkout Session events that mean the session's payment succeeded (card, or a delayed method later). */
const STRIPE_PAID_EVENTS = ["checkout.session.completed", "checkout.session.async_payment_succeeded"];

export async function confirmStripeEvent(pool: pg.Pool, accounts: LinkAccounts, event: unknown): Promise<Confirmed> {
  const e = event as { type?: unknown; data?: { object?: { id?: unknown; object?: unknown } } };
  if (typeof e?.type !== "string" || !STRIPE_PAID_EVENTS.includes(e.type)) return { paid: 0 };
  const id = e.data?.object?.id;
  if (typeof id !== "string" || !/^cs_[A-Za-z0-9_]{1,200}$/.test(id)) {
    refuse("stripe", invalidInput("The event names no Checkout Session"));
  }
  const account = accounts.stripe;
  if (!account) refuse("stripe", paymentNotConfigured("Stripe is not set up"));
  const session = await readBack("stripe", () => getCheckoutSession(account, id), id);
  const link = await linkByReference(pool, "stripe", session.client_reference_id);
  if (!link || link.providerId !== id) refuse("stripe", invoiceNotFound(), { id });
  if (session.payment_status !== "paid") return { paid: 0 };
  sameAmount("stripe", link, session.amount_total ?? Number.NaN, session.currency);
  return { paid: (await payLink(pool, link)) ? 1 : 0 };
}

// ---- Mercado Pago ----

export async function confirmMercadoPagoPayment(
  pool: pg.Pool,
  accounts: LinkAccounts,
  paymentId: string,
): Promise<Confirmed> {
  if (!/^\d{1,30}$/.test(paymentId)) refuse("mercadopago", invalidInput("The notification names no payment"));
  const account = accounts.mercadopago;
  if (!account) refuse("mercadopago", paymentNotConfigured("Mercado Pago is not set up"));
  const payment = await readBack("mercadopago", () => getPayment(account, paymentId), paymentId);
  const link = await linkByReference(pool, "mercadopago", payment.external_reference);
  if (!link) refuse("mercadopago", invoiceNotFound(), { id: paymentId });
  if (payment.status !== "approved") return { paid: 0 };
  sameAmount("mercadopago", link, centsOf(payment.transaction_amount), payment.currency_id);
  return { paid: (await payLink(pool, link)) ? 1 : 0 };
}

// ---- Asaas ----

/** The events of a charge whose money came (https://docs.asaas.com/docs/payment-events). */
export const ASAAS_PAID_EVENTS = ["PAYMENT_RECEIVED", "PAYMENT_CONFIRMED"];

export async function confirmAsaasEvent(pool: pg.Pool, accounts: LinkAccounts, event: unknown): Promise<Confirmed> {
  const e = event as { event?: unknown; payment?: { id?: unknown } };
  if (typeof e?.event !== "string" || !ASAAS_PAID_EVENTS.includes(e.event)) return { paid: 0 };
  const id = e.payment?.id;
  if (typeof id !== "string" || !/^[A-Za-z0-9_]{1,100}$/.test(id)) {
    refuse("asaas", invalidInput("The event names no charge"));
  }
  const account = accounts.asaas;
  if (!account) refuse("asaas", paymentNotConfigured("Asaas is not set up"));
  const payment = await readBack("asaas", () => getAsaasPayment(account, id), id);
  const link = await linkByReference(pool, "asaas", payment.externalReference);
  if (!link || link.providerId !== payment.id) refuse("asaas", invoiceNotFound(), { id });
  if (!ASAAS_PAID_STATUSES.includes(payment.status)) return { paid: 0 };
  sameAmount("asaas", link, centsOf(payment.value), "BRL");
  return { paid: (await payLink(pool, link)) ? 1 : 0 };
}

// ---- The worker's check (no PUBLIC_URL; decisions 0104, 0110) ----

/** Asks the link's provider whether it was paid, and pays the invoice if so; answers whether this call paid it. */
export async function checkLink(pool: pg.Pool, accounts: LinkAccounts, link: PaymentLink): Promise<boolean> {
  if (link.provider === "stripe" && accounts.stripe) {
    const session = await getCheckoutSession(accounts.stripe, link.providerId);
    if (session.payment_status !== "paid" || session.client_reference_id !== link.reference) return false;
    sameAmount("stripe", link, session.amount_total ?? Number.NaN, session.currency);
    return payLink(pool, link);
  }
  if (link.provider === "mercadopago" && accounts.mercadopago) {
    const payments = await searchPayments(accounts.mercadopago, link.reference);
    const paid = payments.find((p) => p.status === "approved" && p.external_reference === link.reference);
    if (!paid) return false;
    sameAmount("mercadopago", link, centsOf(paid.transaction_amount), paid.currency_id);
    return payLink(pool, link);
  }
  if (link.provider === "asaas" && accounts.asaas) {
    const payment = await getAsaasPayment(accounts.asaas, link.providerId);
    if (!ASAAS_PAID_STATUSES.includes(payment.status) || payment.externalReference !== link.reference) return false;
    sameAmount("asaas", link, centsOf(payment.value), "BRL");
    return payLink(pool, link);
  }
  return false;
}

/** The links of the invoices the worker checks (open, marked with payment_check_until). */
export async function linksToCheck(pool: pg.Pool, limit: number): Promise<PaymentLink[]> {
  const { rows } = await pool.query<PaymentLink>(
    `/* all-companies: the worker checks every company's unnotified payment links */
     SELECT ${LINK_COLUMNS} FROM invoice_payment_links l
       JOIN invoice_charges c ON c.txid = l.charge_key AND c.company_id = l.company_id
       JOIN invoices i ON i.id = l.invoice_id AND i.company_id = l.company_id
      WHERE i.status = 'open' AND i.payment_check_until IS NOT NULL
        AND (l.expires_at IS NULL OR l.expires_at > now() - interval '10 minutes')
      ORDER BY l.created_at DESC LIMIT $1`,
    [limit],
  );
  return rows;
}
