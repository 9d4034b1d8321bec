// Stripe, the card provider of spec 3 (stripeURL; decision 0110): a Checkout Session for an invoice's amount
// (POST /v1/checkout/sessions, form-encoded, the secret key as Bearer; https://docs.stripe.com/api/checkout/sessions/create),
// a session read back (GET /v1/checkout/sessions/{id}) and the Stripe-Signature check of its webhook events
// (https://docs.stripe.com/webhooks#verify-manually: HMAC-SHA256 of `{t}.{raw body}` with the endpoint's secret).
import { createHmac, timingSafeEqual } from "node:crypto";
import { callProvider } from "./provider-http.ts";

/** Stripe's API root (STRIPE_API_URL overrides it: tests' stand-in). */
export const STRIPE_API_URL = "https://api.stripe.com";

export type StripeAccount = { secretKey: string; baseUrl: string };

/** The fields of a Checkout Session this code reads. */
export type StripeSession = {
  id: string;
  url: string | null;
  client_reference_id: string | null;
  amount_total: number | null;
  currency: string | null;
  /** paid, unpaid or no_payment_required. */
  payment_status: string;
  /** open, complete or expired. */
  status: string | null;
  /** Unix seconds. */
  expires_at: number;
  metadata?: Record<string, string> | null;
};

const auth = (a: StripeAccount) => ({ authorization: `Bearer ${a.secretKey}` });

export async function createCheckoutSession(
  account: StripeAccount,
  req: { reference: string; cents: number; title: string; returnUrl: string },
): Promise<StripeSession> {
  const form = new URLSearchParams({
    mode: "payment",
    "line_items[0][quantity]": "1",
    "line_items[0][price_data][currency]": "brl",
    "line_items[0][price_data][unit_amount]": String(req.cents),
    "line_items[0][price_data][product_data][name]": req.title.slice(0, 250),
    client_reference_id: req.reference,
    "metadata[chatflow_reference]": req.reference,
    success_url: req.returnUrl,
    cancel_url: req.returnUrl,
  });
  return callProvider<StripeSession>("Stripe", {
    method: "POST",
    baseUrl: account.baseUrl,
    path: "/v1/checkout/sessions",
    headers: auth(account),
    form,
  });
}

export function getCheckoutSession(account: StripeAccount, id: string): Promise<StripeSession> {
  return callProvider<StripeSession>("Stripe", {
    method: "GET",
    baseUrl: account.baseUrl,
    path: `/v1/checkout/sessions/${encodeURIComponent(id)}`,
    headers: auth(account),
  });
}

/** Stripe's default tolerance between an event's signing time and now. */
export const STRIPE_SIGNATURE_TOLERANCE_SECONDS = 300;

/** Signs a payload as Stripe does (the stand-in and the tests use it too). */
export function stripeSignature(secret: string, timestamp: number, payload: string): string {
  return `t=${timestamp},v1=${createHmac("sha256", secret).update(`${timestamp}.${payload}`).digest("hex")}`;
}

/** Whether `header` (t=...,v1=...[,v1=...]) signs `payload` with `secret`, within the tolerance. */
export function verifyStripeSignature(secret: string, header: string | undefined, payload: Buffer, now = Date.now()) {
  if (!header) return false;
  const parts = header.split(",").map((p) => p.trim().split("="));
  const t = Number(parts.find(([k]) => k === "t")?.[1]);
  const given = parts.filter(([k]) => k === "v1").map(([, v]) => v ?? "");
  if (!Number.isInteger(t) || given.length === 0) return false;
  if (Math.abs(now / 1000 - t) > STRIPE_SIGNATURE_TOLERANCE_SECONDS) return false;
  const wanted = Buffer.from(createHmac("sha256", secret).update(`${t}.`).update(payload).digest("hex"));
  return given.some((v) => {
    const b = Buffer.from(v);
    return b.length === wanted.length && timingSafeEqual(b, wanted);
  });
}
