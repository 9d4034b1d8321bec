// Web push (decision 0031): the browser's subscription as the PWA sends it, and
// what a notification carries to the service worker. Shared by core and the PWA.
import { z } from "zod";

/** Subscriptions one user keeps (browsers, phones); saving another drops their oldest. */
export const PUSH_MAX_SUBSCRIPTIONS_PER_USER = 10;

/** Push services name subscriptions with long URLs; real ones stay far below this. */
export const PUSH_ENDPOINT_MAX = 2048;

/** Base64url (RFC 4648 §5) of `bytes` bytes, as PushSubscription.toJSON() writes keys (padding tolerated). */
const zBase64Url = (bytes: number, message: string) => {
  const chars = Math.ceil((bytes * 4) / 3);
  return z.string().regex(new RegExp(`^[A-Za-z0-9_-]{${chars}}={0,2}$`), message);
};

/** POST /push/subscriptions: PushSubscription.toJSON() of this browser. */
export const ZPushSubscriptionSchema = z.object({
  /** The push service's URL for this browser install; core posts the encrypted notifications there. */
  endpoint: z.url({ protocol: /^https?$/, error: "Invalid endpoint" }).max(PUSH_ENDPOINT_MAX, "Invalid endpoint"),
  /** Ignored: push services announce expiry by answering 404/410, which deletes the subscription. */
  expirationTime: z.number().nullish(),
  keys: z.object({
    /** The browser's P-256 public key, uncompressed (65 bytes, so its first byte 0x04 reads "B"). */
    p256dh: zBase64Url(65, "Invalid key p256dh").refine((s) => s.startsWith("B"), "Invalid key p256dh"),
    /** The browser's authentication secret (16 bytes). */
    auth: zBase64Url(16, "Invalid key auth"),
  }),
});
export type TPushSubscription = z.infer<typeof ZPushSubscriptionSchema>;

/** DELETE /push/subscriptions?endpoint=...: this browser stops receiving (sign-out, permission withdrawn). */
export const ZDeletePushSubscriptionQuerySchema = z.object({
  /** The endpoint saved with POST /push/subscriptions. */
  endpoint: z.string().min(1, "Invalid endpoint").max(PUSH_ENDPOINT_MAX, "Invalid endpoint"),
});

/** GET /push/public-key: the VAPID public key the browser subscribes with (applicationServerKey). */
export type PushPublicKeyResponse = { publicKey: string };

/** The decrypted payload the service worker receives (pwa/public/push-sw.js shows it). */
export type PushPayload = {
  /** Who wrote: the contact's name (masked like the number when the user may not read it). */
  title: string;
  /** The message text, or its kind for media. */
  body: string;
  /** The page a click opens: /tickets/{uuid}. */
  url: string;
  /** One notification per ticket: a newer message replaces the older one. */
  tag: string;
};
