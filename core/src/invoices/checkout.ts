// Checkout and payment (spec 3 §4, §7 POST /subscription, 'company-{id}-payment'; decisions 0079, 0110): a Pix
// charge at EFI and the other providers' payment links (payment-links.ts) for an open invoice, and the Pix
// webhook's confirmation that marks it paid, moves the company's due date by its recurrence and tells the sockets.
import { createHmac } from "node:crypto";
import type pg from "pg";
import { recordAudit } from "../audit/record-audit.ts";
import type { Actor } from "../auth/authenticate.ts";
import {
  customPlanPrice,
  formatBrl,
  isCustomPlan,
  type PaymentOption,
  type PaymentResult,
  type TSubscriptionRequest,
} from "../contract/invoices.ts";
import { invoiceNotFound, paymentNotConfigured, paymentProviderFailed, wrongState } from "../kernel/errors.ts";
import { logger } from "../kernel/logger.ts";
import { transaction } from "../kernel/transaction.ts";
import {
  createPixCharge,
  type EfiCredentials,
  type EfiEndpoint,
  efiToken,
  getPixCharge,
  loadEfiCredentials,
  pixQrCode,
  registerPixWebhook,
} from "./efi-pix.ts";
import { assertBillingAdmin } from "./invoices.ts";
import { payInvoice } from "./pay-invoice.ts";
import { type LinkEndpoints, loadLinkAccounts, paymentLinks } from "./payment-links.ts";

/** A Pix charge stays payable this long. */
export const CHARGE_EXPIRES_SECONDS = 3600;
/** Without PUBLIC_URL, the worker asks EFI about a charge until this long after it expires (a late settlement). */
export const PAYMENT_CHECK_GRACE_SECONDS = 600;

export type CheckoutOptions = EfiEndpoint &
  LinkEndpoints & {
    dataDir: string;
    /** core's public address: with it, checkout points EFI's and Mercado Pago's notifications at core. */
    publicUrl?: string;
    /** The server's secret the webhook's URL secret derives from. */
    secret: string;
    /** Where a provider's payment page sends the payer back (the app's /financeiro). */
    returnUrl?: string;
  };

/** Without PUBLIC_URL, the worker asks about a payment link this long (a Stripe session lives 24 hours). */
export const LINK_CHECK_SECONDS = 24 * 3600 + PAYMENT_CHECK_GRACE_SECONDS;

/** The secret part of the webhook's path: EFI must know it, nobody else does (decision 0079). */
export function pixWebhookSecret(secret: string): string {
  return createHmac("sha256", secret).update("efi-pix-webhook").digest("hex").slice(0, 40);
}

export function pixWebhookUrl(publicUrl: string, secret: string): string {
  return `${publicUrl.replace(/\/+$/, "")}/webhooks/efi/${pixWebhookSecret(secret)}`;
}

type InvoiceRow = {
  id: number;
  detail: string;
  users: number;
  connections: number;
  value: number;
  status: string;
  due: string;
};

/**
 * POST /subscription: for the caller's company's open invoice, priced by core (never by the body), a Pix charge at
 * EFI and a payment link at each other provider whose credentials are set (decision 0110). A provider that refuses
 * is named in `refused` while the others are offered; only when every configured one refuses is it an error.
 */
export async function createSubscription(
  pool: pg.Pool,
  actor: Actor,
  input: TSubscriptionRequest,
  opts: CheckoutOptions,
): Promise<PaymentResult> {
  assertBillingAdmin(actor);
  const { rows } = await pool.query<InvoiceRow>(
    `SELECT id, detail, users, connections, value, status, to_char(due_date, 'YYYY-MM-DD') AS due
       FROM invoices WHERE company_id = $1 AND id = $2`,
    [actor.companyId, input.invoiceId],
  );
  const invoice = rows[0];
  if (!invoice) throw invoiceNotFound();
  if (invoice.status === "paid") throw wrongState("This invoice is already paid");
  const creds = await loadEfiCredentials(pool, opts.dataDir, opts);
  const accounts = await loadLinkAccounts(pool, opts);
  const linkCount = Object.keys(accounts).length;
  if (!creds && linkCount === 0) throw paymentNotConfigured("No payment provider is set up");

  const custom = isCustomPlan(input.plan) && input.users !== undefined && input.connections !== undefined;
  const users = custom ? (input.users as number) : invoice.users;
  const connections = custom ? (input.connections as number) : invoice.connections;
  const value = custom ? customPlanPrice(users, connections) : invoice.value;
  const payerName = [input.firstName, input.lastName].filter(Boolean).join(" ");

  // The providers are called outside any transaction: no row stays locked while they answer.
  const [pix, links] = await Promise.all([
    creds
      ? pixCharge(creds, opts, {
          payerName,
          taxId: input.zipcode,
          reference: `${actor.companyId}:${invoice.id}`,
          description: `${invoice.detail} #${invoice.id}`,
          value,
        }).catch((err: unknown) => {
          // Pix alone: its refusal is the answer (decision 0079). Beside links, the links are still offered.
          if (linkCount === 0) throw err;
          logger.warn(
            { companyId: actor.companyId, invoiceId: invoice.id, reason: String(err) },
            "checkout: Pix refused",
          );
          return null;
        })
      : Promise.resolve(null),
    paymentLinks(
      pool,
      accounts,
      {
        companyId: actor.companyId,
        invoiceId: invoice.id,
        detail: invoice.detail,
        dueDate: invoice.due,
        custom,
        users,
        connections,
        value,
      },
      { payerName, taxId: input.zipcode, returnUrl: opts.returnUrl ?? "", publicUrl: opts.publicUrl },
    ),
  ]);
  const refused: PaymentOption[] = [...(creds && !pix ? (["pix"] as const) : []), ...links.refused];
  if (!pix && Object.keys(links.urls).length === 0) {
    throw paymentProviderFailed(`Every payment provider refused: ${refused.join(", ")}`);
  }
  // No notification can come without PUBLIC_URL: the worker checks the charge and the links instead (0104, 0110).
  const checkSeconds = opts.publicUrl
    ? null
    : Object.keys(links.urls).length > 0
      ? LINK_CHECK_SECONDS
      : CHARGE_EXPIRES_SECONDS + PAYMENT_CHECK_GRACE_SECONDS;
  // What this charge buys is recorded beside it; only its payment applies it (pay-invoice.ts, decision 0109), so
  // an unpaid checkout changes neither the invoice's plan nor the company's.
  await transaction(pool, async (client) => {
    if (pix) {
      await client.query(
        `INSERT INTO invoice_charges (txid, company_id, invoice_id, custom, users, connections, value)
         VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (txid) DO NOTHING`,
        [pix.txid, actor.companyId, invoice.id, custom, users, connections, value],
      );
    }
    await client.query(
      `UPDATE invoices SET txid = COALESCE($3, txid), updated_at = now(),
              payment_check_until = GREATEST(payment_check_until, now() + make_interval(secs => $4::int))
        WHERE company_id = $1 AND id = $2 AND status <> 'paid'`,
      [actor.companyId, invoice.id, pix?.txid ?? null, checkSeconds],
    );
    // The admin's purchase of a custom plan, as offered (the payment applies it: customPlan.purchase).
    if (custom) {
      await recordAudit(client, actor, {
        kind: "customPlan.checkout",
        subjectId: invoice.id,
        subject: invoice.detail,
        detail: { users, connections, value, offered: [...(pix ? ["pix"] : []), ...Object.keys(links.urls)] },
      });
    }
  });
  return {
    qrcode: pix?.qrcode ?? null,
    stripeURL: links.urls.stripe ?? null,
    asaasURL: links.urls.asaas ?? null,
    mercadopagoURL: links.urls.mercadopago ?? null,
    refused,
    valorext: formatBrl(value),
    value,
    invoiceId: invoice.id,
    txid: pix?.txid ?? null,
    confirmedBy: opts.publicUrl ? "notification" : "check",
  };
}

/** The Pix charge at EFI and its QR code (decision 0079). */
async function pixCharge(
  creds: EfiCredentials,
  opts: CheckoutOptions,
  req: { payerName: string; taxId: string; reference: string; description: string; value: number },
): Promise<{ txid: string; qrcode: { qrcode: string; imagemQrcode: string } }> {
  const token = await efiToken(creds);
  if (opts.publicUrl) await registerPixWebhook(creds, token, pixWebhookUrl(opts.publicUrl, opts.secret));
  const charge = await createPixCharge(creds, token, {
    value: req.value,
    payer: { name: req.payerName, taxId: req.taxId },
    reference: req.reference,
    description: req.description,
    expiresInSeconds: CHARGE_EXPIRES_SECONDS,
  });
  return { txid: charge.txid, qrcode: await pixQrCode(creds, token, charge.locId as number) };
}

/** EFI's notification body: one entry per Pix received (only the txid is used: the charge is read back). */
export type PixNotification = { pix?: { txid?: unknown }[] };

/**
 * The webhook's use case: each notified charge is read back from EFI (the notification itself is not trusted),
 * and a CONCLUIDA one pays its invoice once. Answers how many invoices it paid.
 */
export async function confirmPixPayments(
  pool: pg.Pool,
  notification: PixNotification,
  opts: EfiEndpoint & { dataDir: string },
): Promise<number> {
  const txids = (notification.pix ?? [])
    .map((p) => p?.txid)
    .filter((t): t is string => typeof t === "string" && /^[A-Za-z0-9]{1,35}$/.test(t));
  if (txids.length === 0) return 0;
  const creds = await loadEfiCredentials(pool, opts.dataDir, opts);
  if (!creds) throw paymentNotConfigured();
  const token = await efiToken(creds);
  let paid = 0;
  for (const txid of txids) {
    if (await confirmOne(pool, creds, token, txid)) paid++;
  }
  return paid;
}

async function confirmOne(pool: pg.Pool, creds: EfiCredentials, token: string, txid: string): Promise<boolean> {
  const charge = await getPixCharge(creds, token, txid);
  if (charge.status !== "CONCLUIDA") return false;
  const [companyId, invoiceId] = (charge.reference ?? "").split(":").map(Number);
  if (!companyId || !invoiceId) return false;
  return transaction(pool, (client) => payInvoice(client, { companyId, invoiceId, txid }));
}
