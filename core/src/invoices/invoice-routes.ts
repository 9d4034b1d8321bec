// Invoices and checkout (spec 3 §7 Subscription and invoices; decision 0079): the admin's list and checkout behind
// the session (both open to an expired company: subscription-guard.ts), and EFI's Pix webhook outside it.
import { timingSafeEqual } from "node:crypto";
import { type Request, Router } from "express";
import type pg from "pg";
import { actorOf } from "../auth/authenticate.ts";
import { ZListInvoicesQuerySchema, ZSubscriptionRequestSchema } from "../contract/invoices.ts";
import type { CoreConfig } from "../kernel/config.ts";
import { invalidSignature, parse } from "../kernel/errors.ts";
import { type CheckoutOptions, confirmPixPayments, createSubscription, pixWebhookSecret } from "./checkout.ts";
import { listInvoices } from "./invoices.ts";
import { linkEndpoints } from "./payment-webhook-routes.ts";

/** The providers' endpoints and where their pages send the payer back (PUBLIC_URL, else the address asked). */
const checkoutOptions = (config: CoreConfig, req: Request): CheckoutOptions => ({
  dataDir: config.dataDir,
  baseUrl: config.efiPixUrl,
  ca: config.efiPixCa,
  ...linkEndpoints(config),
  publicUrl: config.publicUrl,
  secret: config.jwtSecret,
  returnUrl: `${(config.publicUrl ?? `${req.protocol}://${req.get("host")}`).replace(/\/+$/, "")}/financeiro`,
});

export function invoiceRoutes(pool: pg.Pool, config: CoreConfig): Router {
  const router = Router();

  router.get("/invoices/all", async (req, res) => {
    const actor = actorOf(res);
    res.json(await listInvoices(pool, actor, parse(ZListInvoicesQuerySchema, req.query)));
  });

  router.post("/subscription", async (req, res) => {
    const actor = actorOf(res);
    const input = parse(ZSubscriptionRequestSchema, req.body ?? {});
    res.json(await createSubscription(pool, actor, input, checkoutOptions(config, req)));
  });

  return router;
}

const MAX_PIX_PER_NOTIFICATION = 100;

/** EFI posts Pix notifications to `{registered url}/pix`; the registered URL carries the secret (decision 0079). */
export function pixWebhookRoutes(pool: pg.Pool, config: CoreConfig): Router {
  const router = Router();
  const wanted = Buffer.from(pixWebhookSecret(config.jwtSecret));
  const receive = async (req: { params: { secret?: string }; body: unknown }, res: { json(v: unknown): void }) => {
    const given = Buffer.from(req.params.secret ?? "");
    if (given.length !== wanted.length || !timingSafeEqual(given, wanted)) throw invalidSignature();
    const body = (req.body && typeof req.body === "object" ? req.body : {}) as { pix?: { txid?: unknown }[] };
    const paid = await confirmPixPayments(
      pool,
      // Each charge named is read back from EFI: at most a page of them per notification.
      { pix: Array.isArray(body.pix) ? body.pix.slice(0, MAX_PIX_PER_NOTIFICATION) : [] },
      {
        dataDir: config.dataDir,
        baseUrl: config.efiPixUrl,
        ca: config.efiPixCa,
      },
    );
    res.json({ paid });
  };
  router.post("/webhooks/efi/:secret", receive);
  router.post("/webhooks/efi/:secret/pix", receive);
  return router;
}
