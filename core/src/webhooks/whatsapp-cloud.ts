// The WhatsApp Cloud API webhook (channel whatsappapi): the GET verify handshake, and POST deliveries,
// read raw so the use case can check X-Hub-Signature-256 over the exact bytes and check each message with
// the contract's schema on its own (receive-cloud-delivery.ts).
import express, { Router } from "express";
import type pg from "pg";
import { noPermission } from "../http/errors.ts";
import type { IngestBatcher } from "../messages/ingest.ts";
import { CloudConnectionFinder, isKnownVerifyToken } from "../whatsapps/find-connection-by-phone-number-id.ts";
import { parseDelivery, receiveCloudDelivery } from "./receive-cloud-delivery.ts";
import { type CloudMediaOptions, DEFAULT_CLOUD_MEDIA, DOWNLOAD_TIMEOUT_MS } from "./whatsapp-cloud-inbound.ts";

export { signatureValid } from "./receive-cloud-delivery.ts";

/** Without `media`, media messages are stored without their file. */
export function whatsappCloudWebhook(
  pool: pg.Pool,
  batcher: IngestBatcher,
  media?: Partial<CloudMediaOptions> & { dataDir: string },
): Router {
  const deps = {
    pool,
    batcher,
    connections: new CloudConnectionFinder(pool),
    media: media && {
      graphApiUrl: media.graphApiUrl ?? DEFAULT_CLOUD_MEDIA.graphApiUrl,
      graphApiVersion: media.graphApiVersion ?? DEFAULT_CLOUD_MEDIA.graphApiVersion,
      timeoutMs: media.timeoutMs ?? DOWNLOAD_TIMEOUT_MS,
      dataDir: media.dataDir,
    },
  };
  const router = Router();

  router.get("/webhooks/whatsapp", async (req, res) => {
    const token = String(req.query["hub.verify_token"] ?? "");
    const known = await isKnownVerifyToken(pool, token);
    if (req.query["hub.mode"] !== "subscribe" || !known) throw noPermission("Verification failed");
    res.type("text/plain").send(String(req.query["hub.challenge"] ?? ""));
  });

  router.post("/webhooks/whatsapp", express.raw({ type: "*/*", limit: "5mb" }), async (req, res) => {
    const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    await receiveCloudDelivery(deps, parseDelivery(raw), raw, req.header("x-hub-signature-256"));
    res.status(200).json({ ok: true });
  });
  return router;
}
