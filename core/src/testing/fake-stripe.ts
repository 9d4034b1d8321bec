// A stand-in for Stripe's API in tests (decision 0110): a real HTTP server on loopback with the two calls checkout
// and the confirmations make, checked and answered as Stripe's reference documents them:
// - POST /v1/checkout/sessions (https://docs.stripe.com/api/checkout/sessions/create): Bearer secret key, a
//   form-encoded body (application/x-www-form-urlencoded), mode=payment, line_items[0][price_data] with currency,
//   unit_amount (an integer of the currency's smallest unit) and product_data[name], and a quantity; answers the
//   Session object (https://docs.stripe.com/api/checkout/sessions/object: id cs_..., url, client_reference_id,
//   amount_total, currency, payment_status unpaid, status open, expires_at 24 hours on, metadata).
// - GET /v1/checkout/sessions/{id} (https://docs.stripe.com/api/checkout/sessions/retrieve); an unknown id answers
//   404 with an invalid_request_error of code resource_missing (https://docs.stripe.com/api/errors).
// Events are signed as https://docs.stripe.com/webhooks#verify-manually says (stripeSignature in stripe-api.ts).
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type pg from "pg";
import { stripeSignature } from "../invoices/stripe-api.ts";
import { setPlatformSetting } from "../settings/platform-settings.ts";
import { forFile, SET_UP_TIMEOUT_MS } from "./for-file.ts";
import { closeServer, listenOnLoopback } from "./loopback-server.ts";

export type FakeStripeSession = {
  id: string;
  object: "checkout.session";
  url: string | null;
  mode: string;
  client_reference_id: string | null;
  amount_subtotal: number;
  amount_total: number;
  currency: string;
  payment_status: "paid" | "unpaid";
  status: "open" | "complete" | "expired";
  expires_at: number;
  success_url: string;
  metadata: Record<string, string>;
};

export type FakeStripe = {
  url: string;
  secretKey: string;
  /** The endpoint's signing secret the super user copies from Stripe's dashboard. */
  webhookSecret: string;
  sessions: Map<string, FakeStripeSession>;
  /** Each creation's form, as received. */
  created: URLSearchParams[];
  /** When set, session creation answers this Stripe error (status and message). */
  refuse: { status: number; message: string } | null;
  /** The payer pays a session (its amount changed, to test a mismatch). */
  pay(id: string, amountTotal?: number): void;
  /** A checkout.session.completed event for the session, and its Stripe-Signature header. */
  event(id: string, opts?: { type?: string; secret?: string; at?: number }): { body: string; signature: string };
  close(): Promise<void>;
};

async function readText(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

const stripeError = (res: ServerResponse, status: number, message: string, extra: Record<string, string> = {}) =>
  res
    .writeHead(status, { "content-type": "application/json" })
    .end(JSON.stringify({ error: { type: "invalid_request_error", message, ...extra } }));

export async function startFakeStripe(): Promise<FakeStripe> {
  const secretKey = `sk_test_${randomBytes(12).toString("hex")}`;
  const sessions = new Map<string, FakeStripeSession>();
  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? "/", "http://localhost");
      if (req.headers.authorization !== `Bearer ${secretKey}`) {
        return stripeError(res, 401, "Invalid API Key provided");
      }
      if (req.method === "POST" && url.pathname === "/v1/checkout/sessions") {
        if (!req.headers["content-type"]?.startsWith("application/x-www-form-urlencoded")) {
          return stripeError(res, 400, "Invalid request (check that your POST content type is form-encoded)");
        }
        const form = new URLSearchParams(await readText(req));
        fake.created.push(form);
        if (fake.refuse) return stripeError(res, fake.refuse.status, fake.refuse.message);
        const amount = Number(form.get("line_items[0][price_data][unit_amount]"));
        const quantity = Number(form.get("line_items[0][quantity]"));
        const currency = form.get("line_items[0][price_data][currency]");
        if (form.get("mode") !== "payment") return stripeError(res, 400, "Missing required param: mode.");
        if (!currency) return stripeError(res, 400, "Missing required param: line_items[0][price_data][currency].");
        if (!Number.isInteger(amount) || amount < 1) {
          return stripeError(res, 400, "Invalid integer: line_items[0][price_data][unit_amount]");
        }
        if (!form.get("line_items[0][price_data][product_data][name]")) {
          return stripeError(res, 400, "Missing required param: line_items[0][price_data][product_data][name].");
        }
        if (!Number.isInteger(quantity) || quantity < 1) {
          return stripeError(res, 400, "Missing required param: line_items[0][quantity].");
        }
        const id = `cs_test_${randomBytes(16).toString("hex")}`;
        const metadata: Record<string, string> = {};
        for (const [k, v] of form) {
          const m = k.match(/^metadata\[(.+)\]$/);
          if (m) metadata[m[1]!] = v;
        }
        const session: FakeStripeSession = {
          id,
          object: "checkout.session",
          url: `https://checkout.stripe.com/c/pay/${id}`,
          mode: "payment",
          client_reference_id: form.get("client_reference_id"),
          amount_subtotal: amount * quantity,
          amount_total: amount * quantity,
          currency,
          payment_status: "unpaid",
          status: "open",
          expires_at: Math.floor(Date.now() / 1000) + 24 * 3600,
          success_url: form.get("success_url") ?? "",
          metadata,
        };
        sessions.set(id, session);
        return res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(session));
      }
      const one = url.pathname.match(/^\/v1\/checkout\/sessions\/([^/]+)$/);
      if (req.method === "GET" && one) {
        const session = sessions.get(decodeURIComponent(one[1]!));
        if (!session) {
          return stripeError(res, 404, `No such checkout.session: '${one[1]}'`, {
            code: "resource_missing",
            param: "session",
          });
        }
        return res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(session));
      }
      return stripeError(res, 404, `Unrecognized request URL (${req.method}: ${url.pathname}).`);
    })().catch((err: Error) => stripeError(res, 500, err.message));
  });
  const fake: FakeStripe = {
    url: await listenOnLoopback(server),
    secretKey,
    webhookSecret: `whsec_${randomBytes(16).toString("hex")}`,
    sessions,
    created: [],
    refuse: null,
    pay(id, amountTotal) {
      const s = sessions.get(id);
      if (!s) throw new Error(`no session ${id}`);
      s.payment_status = "paid";
      s.status = "complete";
      s.url = null;
      if (amountTotal !== undefined) s.amount_total = amountTotal;
    },
    event(id, opts = {}) {
      const session = sessions.get(id) ?? { id, object: "checkout.session" };
      const body = JSON.stringify({
        id: `evt_${randomBytes(12).toString("hex")}`,
        object: "event",
        api_version: "2024-06-20",
        created: Math.floor(Date.now() / 1000),
        type: opts.type ?? "checkout.session.completed",
        data: { object: session },
      });
      const at = opts.at ?? Math.floor(Date.now() / 1000);
      return { body, signature: stripeSignature(opts.secret ?? fake.webhookSecret, at, body) };
    },
    close: () => closeServer(server),
  };
  return fake;
}

export function fakeStripeForFile(): FakeStripe {
  return forFile(startFakeStripe, { stop: (f) => f.close(), timeout: SET_UP_TIMEOUT_MS });
}

/** What the super user sets in Settings for Stripe, pointed at `stripe` ("" to clear); the signing secret too. */
export async function storeStripeCredentials(pool: pg.Pool, stripe: FakeStripe | null, signed = true): Promise<void> {
  await setPlatformSetting(pool, "stripeprivatekey", stripe?.secretKey ?? "");
  await setPlatformSetting(pool, "stripewebhooksecret", stripe && signed ? stripe.webhookSecret : "");
}
