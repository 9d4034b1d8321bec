// One web push to one browser: web-push encrypts the payload (RFC 8291, aes128gcm)
// and signs the VAPID header (RFC 8292); the request goes out with fetch, which
// bounds it with a timeout and (unlike web-push's own sender) also speaks plain
// http to the loopback push service the tests run.
import type { PushPayload } from "../contract/push.ts";
import type { VapidKeys } from "../kernel/vapid-keys.ts";

export type PushTarget = { endpoint: string; p256dh: string; auth: string };

/** delivered; gone (404/410: the browser unsubscribed or the subscription expired); failed (anything else). */
export type PushOutcome = { kind: "delivered" } | { kind: "gone"; status: number } | { kind: "failed"; reason: string };

export type SendPush = (target: PushTarget, payload: PushPayload, opts: { topic?: string }) => Promise<PushOutcome>;

/** How long a notification may wait at the push service for a sleeping phone: an hour-old "new message" is noise. */
const TTL_SECONDS = 3600;
const TIMEOUT_MS = 10_000;

/** Loaded on the first push: a core whose users never subscribe does not carry it (idle RSS). */
let webpushLib: Promise<typeof import("web-push")> | undefined;
// A CommonJS module: its exports are the namespace's default (the types describe them as named).
const loadWebpush = () =>
  import("web-push").then((m) => (m as unknown as { default: typeof import("web-push") }).default);

export function pushSender(vapid: VapidKeys): SendPush {
  return async (target, payload, opts) => {
    webpushLib ??= loadWebpush();
    const webpush = await webpushLib;
    let details: ReturnType<typeof webpush.generateRequestDetails>;
    try {
      details = webpush.generateRequestDetails(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        JSON.stringify(payload),
        {
          vapidDetails: vapid,
          TTL: TTL_SECONDS,
          urgency: "high",
          ...(opts.topic ? { topic: opts.topic } : {}),
        },
      );
    } catch (err) {
      // A key the browser never made (the contract checks shape, not curve membership).
      return { kind: "failed", reason: (err as Error).message };
    }
    try {
      const res = await fetch(details.endpoint, {
        method: details.method,
        headers: details.headers as Record<string, string>,
        body: details.body ? new Uint8Array(details.body) : null,
        redirect: "error",
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      await res.body?.cancel();
      if (res.ok) return { kind: "delivered" };
      if (res.status === 404 || res.status === 410) return { kind: "gone", status: res.status };
      return { kind: "failed", reason: `push service answered ${res.status}` };
    } catch (err) {
      return { kind: "failed", reason: (err as Error).message };
    }
  };
}
