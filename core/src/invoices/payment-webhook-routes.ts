// The Stripe, Mercado Pago and Asaas payment notifications (decision 0110), outside the session. Each is
// authenticated as its provider documents (Stripe-Signature over the raw body when a signing secret is set;
// Mercado Pago's x-signature when a secret is set; Asaas's asaas-access-token against the configured token,
// always), and then never trusted: the payment is read back from the provider (confirm-link-payment.ts).
import { timingSafeEqual } from "node:crypto";
import express, { type Request, Router } from "express";
import type pg from "pg";
import type { CoreConfig } from "../kernel/config.ts";
import { invalidInput, invalidSignature } from "../kernel/errors.ts";
import { logger } from "../kernel/logger.ts";
import { confirmAsaasEvent, confirmMercadoPagoPayment, confirmStripeEvent } from "./confirm-link-payment.ts";
import { verifyMercadoPagoSignature } from "./mercadopago-api.ts";
import { LINK_WEBHOOK_PATHS, type LinkEndpoints, loadLinkAccounts } from "./payment-links.ts";
import { verifyStripeSignature } from "./stripe-api.ts";

const BODY_LIMIT = "256kb";

export const linkEndpoints = (config: CoreConfig): LinkEndpoints => ({
  stripeApiUrl: config.stripeApiUrl,
  mercadopagoApiUrl: config.mercadopagoApiUrl,
  asaasApiUrl: config.asaasApiUrl,
});

const rawOf = (req: Request) => (Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0));

function jsonOf(raw: Buffer): unknown {
  if (raw.length === 0) return {};
  try {
    return JSON.parse(raw.toString("utf8"));
  } catch {
    throw invalidInput("The notification is not JSON");
  }
}

function badSignature(provider: string, req: Request): never {
  logger.warn({ provider, ip: req.ip }, "payment notification refused: bad signature");
  throw invalidSignature();
}

const sameText = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/** Mounted before the JSON parser: Stripe's signature is over the exact bytes. */
export function paymentWebhookRoutes(pool: pg.Pool, config: CoreConfig): Router {
  const router = Router();
  const raw = express.raw({ type: () => true, limit: BODY_LIMIT });
  const endpoints = linkEndpoints(config);

  router.post(LINK_WEBHOOK_PATHS.stripe, raw, async (req, res) => {
    const body = rawOf(req);
    const accounts = await loadLinkAccounts(pool, endpoints);
    const secret = accounts.stripe?.webhookSecret;
    if (secret && !verifyStripeSignature(secret, req.header("stripe-signature"), body)) badSignature("stripe", req);
    res.json({ received: true, ...(await confirmStripeEvent(pool, accounts, jsonOf(body))) });
  });

  router.post(LINK_WEBHOOK_PATHS.mercadopago, raw, async (req, res) => {
    const body = jsonOf(rawOf(req)) as { type?: unknown; data?: { id?: unknown } };
    const query = req.query as Record<string, unknown>;
    // Webhooks carry type and data.id (the body, and data.id in the query); the older IPN topic and id.
    const type = body.type ?? query.type ?? query.topic;
    const dataId = String(query["data.id"] ?? body.data?.id ?? query.id ?? "");
    if (type !== "payment") {
      res.json({ received: true, paid: 0 });
      return;
    }
    const accounts = await loadLinkAccounts(pool, endpoints);
    const secret = accounts.mercadopago?.webhookSecret;
    if (secret && !verifyMercadoPagoSignature(secret, req.header("x-signature"), req.header("x-request-id"), dataId)) {
      badSignature("mercadopago", req);
    }
    res.json({ received: true, ...(await confirmMercadoPagoPayment(pool, accounts, dataId)) });
  });

  router.post(LINK_WEBHOOK_PATHS.asaas, raw, async (req, res) => {
    const accounts = await loadLinkAccounts(pool, endpoints);
    // Asaas signs nothing: the token set on its webhook is the only proof, so without one nothing is accepted.
    const token = accounts.asaas?.webhookToken;
    if (!token || !sameText(req.header("asaas-access-token") ?? "", token)) badSignature("asaas", req);
    res.json({ received: true, ...(await confirmAsaasEvent(pool, accounts, jsonOf(rawOf(req)))) });
  });

  return router;
}
