// A stand-in for Mercado Pago's API in tests (decision 0110): a real HTTP server on loopback, checked and answered as
// Mercado Pago's reference documents it:
// - POST /checkout/preferences (https://www.mercadopago.com.br/developers/en/reference/preferences/_checkout_preferences/post):
//   Authorization Bearer access token, a JSON body, items (each with title, quantity, unit_price, currency_id);
//   answers 201 with the preference (id, init_point, sandbox_init_point, external_reference, items, notification_url).
// - GET /v1/payments/{id} (https://www.mercadopago.com.br/developers/en/reference/payments/_payments_id/get): the
//   payment (id, status, status_detail, external_reference, transaction_amount, currency_id); 404 when unknown.
// - GET /v1/payments/search?external_reference=... (https://www.mercadopago.com.br/developers/en/reference/payments/_payments_search/get):
//   {paging, results}.
// Notifications are signed as https://www.mercadopago.com.br/developers/en/docs/your-integrations/notifications/webhooks
// says (mercadoPagoSignature in mercadopago-api.ts).
import { randomBytes, randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type pg from "pg";
import { mercadoPagoSignature } from "../invoices/mercadopago-api.ts";
import { setPlatformSetting } from "../settings/platform-settings.ts";
import { forFile, SET_UP_TIMEOUT_MS } from "./for-file.ts";
import { closeServer, listenOnLoopback } from "./loopback-server.ts";

type Item = { title: string; quantity: number; unit_price: number; currency_id: string };
export type FakePreference = {
  id: string;
  init_point: string;
  sandbox_init_point: string;
  external_reference: string;
  notification_url?: string;
  items: Item[];
};
export type FakeMpPayment = {
  id: number;
  status: string;
  status_detail: string;
  external_reference: string;
  transaction_amount: number;
  currency_id: string;
  date_approved: string | null;
};

export type FakeMercadoPago = {
  url: string;
  accessToken: string;
  /** The application's secret signature (Your integrations > Webhooks). */
  webhookSecret: string;
  preferences: Map<string, FakePreference>;
  payments: Map<number, FakeMpPayment>;
  refuse: { status: number; message: string } | null;
  /** The payer pays a preference: a payment approved (or another status; another amount). Answers its id. */
  pay(preferenceId: string, opts?: { amount?: number; status?: string }): number;
  /** A payment notification as Mercado Pago posts it: the query, the body and the signed headers. */
  notification(
    paymentId: number | string,
    opts?: { secret?: string },
  ): {
    query: string;
    body: string;
    headers: Record<string, string>;
  };
  close(): Promise<void>;
};

async function readText(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

const answer = (res: ServerResponse, status: number, body: unknown) =>
  res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
const mpError = (res: ServerResponse, status: number, message: string, error = "bad_request") =>
  answer(res, status, { message, error, status, cause: [] });

export async function startFakeMercadoPago(): Promise<FakeMercadoPago> {
  const accessToken = `APP_USR-${randomBytes(8).toString("hex")}`;
  const preferences = new Map<string, FakePreference>();
  const payments = new Map<number, FakeMpPayment>();
  let nextPayment = 1_300_000_000;
  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? "/", "http://localhost");
      if (req.headers.authorization !== `Bearer ${accessToken}`) {
        return mpError(res, 401, "invalid access token", "unauthorized");
      }
      if (req.method === "POST" && url.pathname === "/checkout/preferences") {
        if (!req.headers["content-type"]?.startsWith("application/json")) {
          return mpError(res, 400, "content-type must be application/json");
        }
        if (fake.refuse) return mpError(res, fake.refuse.status, fake.refuse.message);
        const body = JSON.parse(await readText(req)) as Partial<FakePreference>;
        const items = body.items;
        if (!Array.isArray(items) || items.length === 0) return mpError(res, 400, "items needed");
        for (const i of items) {
          if (typeof i.title !== "string" || !i.title) return mpError(res, 400, "title needed");
          if (!Number.isInteger(i.quantity) || i.quantity < 1) return mpError(res, 400, "quantity must be a number");
          if (typeof i.unit_price !== "number" || i.unit_price <= 0) {
            return mpError(res, 400, "unit_price must be a number");
          }
          if (i.currency_id !== "BRL") return mpError(res, 400, "currency_id invalid");
        }
        const id = `123456789-${randomUUID()}`;
        const pref: FakePreference = {
          id,
          init_point: `https://www.mercadopago.com.br/checkout/v1/redirect?pref_id=${id}`,
          sandbox_init_point: `https://sandbox.mercadopago.com.br/checkout/v1/redirect?pref_id=${id}`,
          external_reference: body.external_reference ?? "",
          notification_url: body.notification_url,
          items,
        };
        preferences.set(id, pref);
        return answer(res, 201, { ...pref, collector_id: 123456789, date_created: new Date().toISOString() });
      }
      if (req.method === "GET" && url.pathname === "/v1/payments/search") {
        const ref = url.searchParams.get("external_reference");
        const results = [...payments.values()].filter((p) => p.external_reference === ref);
        return answer(res, 200, { paging: { total: results.length, limit: 30, offset: 0 }, results });
      }
      const one = url.pathname.match(/^\/v1\/payments\/(\d+)$/);
      if (req.method === "GET" && one) {
        const payment = payments.get(Number(one[1]));
        return payment ? answer(res, 200, payment) : mpError(res, 404, "Payment not found", "not_found");
      }
      return mpError(res, 404, "resource not found", "not_found");
    })().catch((err: Error) => mpError(res, 500, err.message, "internal_error"));
  });
  const fake: FakeMercadoPago = {
    url: await listenOnLoopback(server),
    accessToken,
    webhookSecret: randomBytes(16).toString("hex"),
    preferences,
    payments,
    refuse: null,
    pay(preferenceId, opts = {}) {
      const pref = preferences.get(preferenceId);
      if (!pref) throw new Error(`no preference ${preferenceId}`);
      const id = nextPayment++;
      const status = opts.status ?? "approved";
      payments.set(id, {
        id,
        status,
        status_detail: status === "approved" ? "accredited" : "pending_waiting_payment",
        external_reference: pref.external_reference,
        transaction_amount: opts.amount ?? pref.items.reduce((sum, i) => sum + i.unit_price * i.quantity, 0),
        currency_id: "BRL",
        date_approved: status === "approved" ? new Date().toISOString() : null,
      });
      return id;
    },
    notification(paymentId, opts = {}) {
      const requestId = randomUUID();
      const ts = String(Date.now());
      const dataId = String(paymentId);
      return {
        query: `?data.id=${encodeURIComponent(dataId)}&type=payment`,
        body: JSON.stringify({
          id: 112233445566,
          live_mode: false,
          type: "payment",
          date_created: new Date().toISOString(),
          user_id: 123456789,
          api_version: "v1",
          action: "payment.updated",
          data: { id: dataId },
        }),
        headers: {
          "content-type": "application/json",
          "x-request-id": requestId,
          "x-signature": mercadoPagoSignature(opts.secret ?? fake.webhookSecret, dataId, requestId, ts),
        },
      };
    },
    close: () => closeServer(server),
  };
  return fake;
}

export function fakeMercadoPagoForFile(): FakeMercadoPago {
  return forFile(startFakeMercadoPago, { stop: (f) => f.close(), timeout: SET_UP_TIMEOUT_MS });
}

/** What the super user sets in Settings for Mercado Pago, pointed at `mp` (null to clear); the secret signature too. */
export async function storeMercadoPagoCredentials(
  pool: pg.Pool,
  mp: FakeMercadoPago | null,
  signed = true,
): Promise<void> {
  await setPlatformSetting(pool, "mpaccesstoken", mp?.accessToken ?? "");
  await setPlatformSetting(pool, "mpwebhooksecret", mp && signed ? mp.webhookSecret : "");
}
