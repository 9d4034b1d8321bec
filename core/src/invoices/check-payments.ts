// The worker's check of payments nothing can notify (decisions 0104, 0110): on an installation without PUBLIC_URL,
// checkout marks the invoice with payment_check_until, and this job asks EFI for each such Pix charge's status
// (GET /v2/cob/{txid}), and Stripe, Mercado Pago and Asaas about each of the invoice's payment links, until it is
// paid or the mark runs out; a paid one pays its invoice once, as the provider's notification would (payInvoice).
import { readFileSync } from "node:fs";
import path from "node:path";
import type pg from "pg";
import { logger } from "../kernel/logger.ts";
import { transaction } from "../kernel/transaction.ts";
import { checkLink, linksToCheck } from "./confirm-link-payment.ts";
import { type EfiEndpoint, efiToken, getPixCharge, loadEfiCredentials } from "./efi-pix.ts";
import { payInvoice } from "./pay-invoice.ts";
import { type LinkEndpoints, loadLinkAccounts } from "./payment-links.ts";

/** Where the worker finds the EFI credentials' certificate (core's DATA_DIR), the Pix API and the link providers. */
export type PaymentCheckConfig = EfiEndpoint & LinkEndpoints & { dataDir: string };

/** Read as core reads them: DATA_DIR, EFI_PIX_URL, EFI_PIX_CA (a PEM file), STRIPE_API_URL, MERCADOPAGO_API_URL, ASAAS_API_URL. */
export function paymentCheckConfig(env: NodeJS.ProcessEnv = process.env): PaymentCheckConfig {
  return {
    dataDir: path.resolve(env.DATA_DIR || ".data"),
    baseUrl: env.EFI_PIX_URL || undefined,
    ca: env.EFI_PIX_CA ? readFileSync(env.EFI_PIX_CA, "utf8") : undefined,
    stripeApiUrl: env.STRIPE_API_URL || undefined,
    mercadopagoApiUrl: env.MERCADOPAGO_API_URL || undefined,
    asaasApiUrl: env.ASAAS_API_URL || undefined,
  };
}

/** Charges asked about in one run (each one call to EFI). */
export const PAYMENT_CHECKS_BATCH = 50;

/** One run: answers how many invoices it paid (by Pix or through a link). */
export async function checkPixPayments(pool: pg.Pool, config: PaymentCheckConfig): Promise<number> {
  // A paid invoice, or a charge past its time (and its grace), is not asked about again.
  await pool.query(
    `/* all-companies: the payment check's bookkeeping spans every company's charges */
     UPDATE invoices SET payment_check_until = NULL
      WHERE payment_check_until IS NOT NULL AND (payment_check_until < now() OR status = 'paid')`,
  );
  return (await checkPix(pool, config)) + (await checkLinks(pool, config));
}

/** Each marked invoice's payment links, asked of their providers (decision 0110). */
async function checkLinks(pool: pg.Pool, config: PaymentCheckConfig): Promise<number> {
  const links = await linksToCheck(pool, PAYMENT_CHECKS_BATCH);
  if (links.length === 0) return 0;
  const accounts = await loadLinkAccounts(pool, config);
  let paid = 0;
  for (const link of links) {
    try {
      if (await checkLink(pool, accounts, link)) paid++;
    } catch (err) {
      // One provider not answering (or an amount that does not match, logged) does not stop the others.
      logger.warn(
        { invoiceId: link.invoiceId, provider: link.provider, reason: String(err) },
        "payment check: a payment link's provider did not confirm",
      );
    }
  }
  return paid;
}

async function checkPix(pool: pg.Pool, config: PaymentCheckConfig): Promise<number> {
  const { rows } = await pool.query<{ company_id: number; id: number; txid: string }>(
    `/* all-companies: the worker checks every company's unnotified charges */
     SELECT company_id, id, txid FROM invoices
      WHERE status = 'open' AND payment_check_until IS NOT NULL AND txid IS NOT NULL
      ORDER BY updated_at LIMIT $1`,
    [PAYMENT_CHECKS_BATCH],
  );
  if (rows.length === 0) return 0;
  // Credentials removed since checkout, or no certificate under this worker's DATA_DIR: nothing can be asked.
  const creds = await loadEfiCredentials(pool, config.dataDir, config);
  if (!creds) {
    logger.warn({ charges: rows.length }, "payment check: the EFI credentials or certificate are missing here");
    return 0;
  }
  const token = await efiToken(creds);
  let paid = 0;
  for (const invoice of rows) {
    try {
      const charge = await getPixCharge(creds, token, invoice.txid);
      // The charge must be this invoice's (its reference is written at checkout), and paid.
      if (charge.status !== "CONCLUIDA" || charge.reference !== `${invoice.company_id}:${invoice.id}`) continue;
      const done = await transaction(pool, (client) =>
        payInvoice(client, { companyId: invoice.company_id, invoiceId: invoice.id, txid: invoice.txid }),
      );
      if (done) paid++;
    } catch (err) {
      // One charge EFI would not answer for does not stop the others; it is asked again next run.
      logger.warn({ invoiceId: invoice.id, reason: String(err) }, "payment check: EFI did not answer for a charge");
    }
  }
  return paid;
}
