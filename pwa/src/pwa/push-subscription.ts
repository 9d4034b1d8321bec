// This browser's web push subscription (decision 0031): made with core's VAPID key
// once notifications are allowed, saved for the signed-in user (and session) on
// every start, remade when core's key changed. Asking for the permission needs a
// click (enablePushNotifications); everything else runs on its own.
import type { PushPublicKeyResponse } from "@chatflow/core/contract/push.ts";
import type { ApiClient } from "../api/http.ts";

export type PushState = "unsupported" | NotificationPermission;

/** What of the browser this needs; tests give stand-ins. */
export type PushEnv = {
  permission(): PushState;
  requestPermission(): Promise<NotificationPermission>;
  registration(): Promise<Pick<ServiceWorkerRegistration, "pushManager"> | null>;
};

/** The service worker may never come (the dev server has none): give up after this long. */
const REGISTRATION_WAIT_MS = 10_000;

export function browserPushEnv(): PushEnv {
  const supported =
    typeof window !== "undefined" &&
    "Notification" in window &&
    "serviceWorker" in navigator &&
    "PushManager" in window;
  return {
    permission: () => (supported ? Notification.permission : "unsupported"),
    requestPermission: () => Notification.requestPermission(),
    registration: () =>
      Promise.race([
        navigator.serviceWorker.ready,
        new Promise<null>((resolve) => setTimeout(() => resolve(null), REGISTRATION_WAIT_MS)),
      ]),
  };
}

function base64UrlBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value.replaceAll("-", "+").replaceAll("_", "/");
  const raw = atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(raw, (c) => c.charCodeAt(0));
}

function sameKey(a: ArrayBuffer | null | undefined, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.byteLength) return false;
  const left = new Uint8Array(a);
  return left.every((byte, i) => byte === b[i]);
}

/**
 * With the permission granted: subscribes (or keeps the subscription made with core's current key)
 * and saves it for this user and session. Answers whether this browser now receives pushes.
 */
export async function refreshPushSubscription(api: ApiClient, env: PushEnv = browserPushEnv()): Promise<boolean> {
  if (env.permission() !== "granted") return false;
  const registration = await env.registration();
  if (!registration) return false;
  const { publicKey } = await api.get<PushPublicKeyResponse>("/push/public-key");
  const key = base64UrlBytes(publicKey);
  let subscription = await registration.pushManager.getSubscription();
  // Core's keys changed (a new DATA_DIR, rotated VAPID keys): the old subscription no longer verifies.
  if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  await api.post("/push/subscriptions", subscription.toJSON());
  return true;
}

/** Asks for the permission (call it from a click), then subscribes. Answers the permission now held. */
export async function enablePushNotifications(api: ApiClient, env: PushEnv = browserPushEnv()): Promise<PushState> {
  if (env.permission() === "unsupported") return "unsupported";
  const permission = env.permission() === "default" ? await env.requestPermission() : env.permission();
  if (permission === "granted") await refreshPushSubscription(api, env);
  return permission;
}
