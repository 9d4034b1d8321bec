// Web push (decision 0031): the VAPID public key a browser subscribes with, and
// saving or deleting this browser's subscription for the signed-in user.
import { Router } from "express";
import type pg from "pg";
import { actorOf } from "../auth/authenticate.ts";
import {
  type PushPublicKeyResponse,
  ZDeletePushSubscriptionQuerySchema,
  ZPushSubscriptionSchema,
} from "../contract/push.ts";
import { invalidInput, parse } from "../kernel/errors.ts";
import { transaction } from "../kernel/transaction.ts";
import { isAllowedPushEndpoint } from "../kernel/vapid-keys.ts";
import { deletePushSubscription, savePushSubscription } from "./push-subscriptions.ts";

export type PushRouteDeps = { pool: pg.Pool; publicKey: string; pushServiceOrigins: readonly string[] };

export function pushRoutes({ pool, publicKey, pushServiceOrigins }: PushRouteDeps): Router {
  const router = Router();

  router.get("/push/public-key", (_req, res) => {
    res.json({ publicKey } satisfies PushPublicKeyResponse);
  });

  router.post("/push/subscriptions", async (req, res) => {
    const actor = actorOf(res);
    const sub = parse(ZPushSubscriptionSchema, req.body ?? {});
    // Core posts to this URL: only the browsers' push services, never an address a user chose.
    if (!isAllowedPushEndpoint(sub.endpoint, pushServiceOrigins))
      throw invalidInput("Unknown push service", "endpoint");
    await transaction(pool, (client) => savePushSubscription(client, actor, sub));
    res.status(204).end();
  });

  router.delete("/push/subscriptions", async (req, res) => {
    const actor = actorOf(res);
    const { endpoint } = parse(ZDeletePushSubscriptionQuerySchema, req.query);
    await deletePushSubscription(pool, actor, endpoint);
    res.status(204).end();
  });

  return router;
}
