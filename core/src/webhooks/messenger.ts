// The Messenger and Instagram webhook (decision 0052): GET /webhooks/facebook answers Meta's verify handshake
// (FACEBOOK_VERIFY_TOKEN), POST /webhooks/facebook takes the deliveries of both products (object "page" or
// "instagram"), read raw so the signature is checked over the exact bytes.

import express, { Router } from "express";
import type pg from "pg";
import type { IngestBatcher } from "../messages/ingest.ts";
import { sameSecret, verifyHandshake } from "../meta/verify-handshake.ts";
import { answerDatabaseUnavailable } from "./database-unavailable.ts";
import { MessengerConnectionFinder, receiveMessengerDelivery } from "./receive-messenger-delivery.ts";

export type MessengerWebhookOptions = {
  appSecret?: string;
  verifyToken?: string;
  graph: { url: string; version: string };
  dataDir: string;
  /** All the downloads and profile reads of one delivery; 8 s by default (Meta retries slow answers). */
  timeoutMs?: number;
};

export function messengerWebhook(pool: pg.Pool, batcher: IngestBatcher, o: MessengerWebhookOptions): Router {
  const deps = {
    pool,
    batcher,
    connections: new MessengerConnectionFinder(pool),
    appSecret: o.appSecret,
    graph: o.graph,
    dataDir: o.dataDir,
    timeoutMs: o.timeoutMs ?? 8000,
  };
  const router = Router();
  router.get("/webhooks/facebook", async (req, res) => {
    // The app's one verify token (FACEBOOK_VERIFY_TOKEN).
    const challenge = await verifyHandshake(req.query, (token) => !!o.verifyToken && sameSecret(token, o.verifyToken));
    res.type("text/plain").send(challenge);
  });
  router.post("/webhooks/facebook", express.raw({ type: "*/*", limit: "5mb" }), async (req, res) => {
    const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    await receiveMessengerDelivery(deps, raw, req.header("x-hub-signature-256"));
    res.status(200).json({ ok: true });
  });
  router.use("/webhooks/facebook", answerDatabaseUnavailable);
  return router;
}
