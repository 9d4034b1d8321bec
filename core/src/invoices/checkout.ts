// Checkout and payment (spec 3 §4, §7 POST /subscription, 'company-{id}-payment'; decision 0079): a Pix charge at
// EFI for an open invoice, and the webhook's confirmation that marks it paid, moves the company's due date by its
// recurrence and tells the company's sockets.
import { createHmac } from "node:crypto";
import type pg from "pg";
import type { Actor } from "../auth/authenticate.ts";
import {
  customPlanPrice,
  formatBrl,
  isCustomPlan,
  type PaymentResult,
  type TSubscriptionRequest,
} from "../contract/invoices.ts";
import { invoiceNotFound, paymentNotConfigured, wrongState } from "../kernel/errors.ts";
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

/** A Pix charge stays payable this long. */
export const CHARGE_EXPIRES_SECONDS = 3600;
/** Without PUBLIC_URL, the worker asks EFI about a charge until this long after it expires (a late settlement). */
export const PAYMENT_CHECK_GRACE_SECONDS = 600;

export type CheckoutOptions = EfiEndpoint & {
  dataDir: string;
  /** core's public address: with it, checkout points EFI's notifications at the webhook. */
  publicUrl?: string;
  /** The server's secret the webhook's URL secret derives from. */
  secret: string;
};

/** The secret part of the webhook's path: EFI must know it, nobody else does (decision 0079). */
export function pixWebhookSecret(secret: string): string {
  return createHmac("sha256", secret).update("efi-pix-webhook").digest("hex").slice(0, 40);
}

export function pixWebhookUrl(publicUrl: string, secret: string): string {
  return `${publicUrl.replace(/\/+$/, "")}/webhooks/efi/${pixWebhookSecret(secret)}`;
}

type InvoiceRow = { id: number; detail: string; users: number; connections: number; value: number; status: string };

/** POST /subscription: a Pix charge for the caller's company's open invoice, priced by core, never by the body. */
export async function createSubscription(
  pool: pg.Pool,
  actor: Actor,
  input: TSubscriptionRequest,
  opts: CheckoutOptions,
): Promise<PaymentResult> {
  assertBillingAdmin(actor);
  const { rows } = await pool.query<InvoiceRow>(
    "SELECT id, detail, users, connections, value, status FROM invoices WHERE company_id = $1 AND id = $2",
    [actor.companyId, input.invoiceId],
  );
  const invoice = rows[0];
  if (!invoice) throw invoiceNotFound();
  if (invoice.status === "paid") throw wrongState("This invoice is already paid");
  const creds = await loadEfiCredentials(pool, opts.dataDir, opts);
  if (!creds) throw paymentNotConfigured();

  const custom = isCustomPlan(input.plan) && input.users !== undefined && input.connections !== undefined;
  const users = custom ? (input.users as number) : invoice.users;
  const connections = custom ? (input.connections as number) : invoice.connections;
  const value = custom ? customPlanPrice(users, connections) : invoice.value;

  // The Pix API is called outside any transaction: no row stays locked while EFI answers.
  const token = await efiToken(creds);
  if (opts.publicUrl) await registerPixWebhook(creds, token, pixWebhookUrl(opts.publicUrl, opts.secret));
  const charge = await createPixCharge(creds, token, {
    value,
    payer: { name: [input.firstName, input.lastName].filter(Boolean).join(" "), taxId: input.zipcode },
    reference: `${actor.companyId}:${invoice.id}`,
    description: `${invoice.detail} #${invoice.id}`,
    expiresInSeconds: CHARGE_EXPIRES_SECONDS,
  });
  const qrcode = await pixQrCode(creds, token, charge.locId as number);
  // No notification can come without PUBLIC_URL: the worker checks the charge instead (decision 0104).
  const checkSeconds = opts.publicUrl ? null : CHARGE_EXPIRES_SECONDS + PAYMENT_CHECK_GRACE_SECONDS;
  // What this charge buys is recorded beside it; only its payment applies it (pay-invoice.ts, decision 0109), so
  // an unpaid checkout changes neither the invoice's plan nor the company's.
  await transaction(pool, async (client) => {
    await client.query(
      `INSERT INTO invoice_charges (txid, company_id, invoice_id, custom, users, connections, value)
       VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (txid) DO NOTHING`,
      [charge.txid, actor.companyId, invoice.id, custom, users, connections, value],
    );
    await client.query(
      `UPDATE invoices SET txid = $3, updated_at = now(),
              payment_check_until = now() + make_interval(secs => $4::int)
        WHERE company_id = $1 AND id = $2 AND status <> 'paid'`,
      [actor.companyId, invoice.id, charge.txid, checkSeconds],
    );
  });
  return {
    qrcode,
    stripeURL: null,
    asaasURL: null,
    mercadopagoURL: null,
    valorext: formatBrl(value),
    value,
    invoiceId: invoice.id,
    txid: charge.txid,
    confirmedBy: opts.publicUrl ? "notification" : "check",
  };
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
