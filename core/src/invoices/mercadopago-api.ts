// Mercado Pago (mercadopagoURL; decision 0110): a Checkout Pro preference for an invoice's amount
// (POST /checkout/preferences, the access token as Bearer; its init_point is the link,
// https://www.mercadopago.com.br/developers/en/reference/preferences/_checkout_preferences/post), a payment read back
// (GET /v1/payments/{id}, https://www.mercadopago.com.br/developers/en/reference/payments/_payments_id/get) and the
// x-signature check of its notifications (https://www.mercadopago.com.br/developers/en/docs/your-integrations/notifications/webhooks:
// HMAC-SHA256 of `id:{data.id};request-id:{x-request-id};ts:{ts};` with the application's secret signature).
import { createHmac, timingSafeEqual } from "node:crypto";
import { callProvider, reais } from "./provider-http.ts";

/** Mercado Pago's API root (MERCADOPAGO_API_URL overrides it: tests' stand-in). */
export const MERCADOPAGO_API_URL = "https://api.mercadopago.com";

export type MercadoPagoAccount = { accessToken: string; baseUrl: string };

export type MercadoPagoPreference = { id: string; init_point: string; external_reference?: string };

/** The fields of a payment this code reads. */
export type MercadoPagoPayment = {
  id: number;
  /** approved, pending, in_process, rejected, refunded... */
  status: string;
  external_reference: string | null;
  transaction_amount: number;
  currency_id: string;
};

const auth = (a: MercadoPagoAccount) => ({ authorization: `Bearer ${a.accessToken}` });

export function createPreference(
  account: MercadoPagoAccount,
  req: { reference: string; cents: number; title: string; returnUrl: string; notificationUrl?: string },
): Promise<MercadoPagoPreference> {
  return callProvider<MercadoPagoPreference>("Mercado Pago", {
    method: "POST",
    baseUrl: account.baseUrl,
    path: "/checkout/preferences",
    headers: auth(account),
    json: {
      items: [{ title: req.title.slice(0, 250), quantity: 1, unit_price: reais(req.cents), currency_id: "BRL" }],
      external_reference: req.reference,
      back_urls: { success: req.returnUrl, pending: req.returnUrl, failure: req.returnUrl },
      // Only with PUBLIC_URL (decision 0104's rule): otherwise the worker asks for the payment instead.
      ...(req.notificationUrl ? { notification_url: req.notificationUrl } : {}),
    },
  });
}

export function getPayment(account: MercadoPagoAccount, id: string): Promise<MercadoPagoPayment> {
  return callProvider<MercadoPagoPayment>("Mercado Pago", {
    method: "GET",
    baseUrl: account.baseUrl,
    path: `/v1/payments/${encodeURIComponent(id)}`,
    headers: auth(account),
  });
}

/** The payments made for one of our references (GET /v1/payments/search?external_reference=...). */
export async function searchPayments(account: MercadoPagoAccount, reference: string): Promise<MercadoPagoPayment[]> {
  const answer = await callProvider<{ results?: MercadoPagoPayment[] }>("Mercado Pago", {
    method: "GET",
    baseUrl: account.baseUrl,
    path: `/v1/payments/search?external_reference=${encodeURIComponent(reference)}`,
    headers: auth(account),
  });
  return answer.results ?? [];
}

/** The manifest Mercado Pago signs; an alphanumeric data.id is signed lowercased. */
export function mercadoPagoManifest(dataId: string, requestId: string, ts: string): string {
  const id = /^[A-Za-z0-9]+$/.test(dataId) ? dataId.toLowerCase() : dataId;
  return `id:${id};request-id:${requestId};ts:${ts};`;
}

export function mercadoPagoSignature(secret: string, dataId: string, requestId: string, ts: string): string {
  return `ts=${ts},v1=${createHmac("sha256", secret)
    .update(mercadoPagoManifest(dataId, requestId, ts))
    .digest("hex")}`;
}

/** Whether the x-signature header (ts=...,v1=...) signs this notification with `secret`. */
export function verifyMercadoPagoSignature(
  secret: string,
  header: string | undefined,
  requestId: string | undefined,
  dataId: string,
): boolean {
  if (!header || !requestId) return false;
  const parts = Object.fromEntries(header.split(",").map((p) => p.trim().split("=") as [string, string]));
  if (!parts.ts || !parts.v1) return false;
  const wanted = Buffer.from(
    createHmac("sha256", secret)
      .update(mercadoPagoManifest(dataId, requestId, parts.ts))
      .digest("hex"),
  );
  const given = Buffer.from(parts.v1);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}
