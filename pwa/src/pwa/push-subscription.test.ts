import { HttpResponse, http } from "msw";
import { beforeEach, describe, expect, it } from "vitest";
import { BASE_URL, testApi } from "../test-support/fake-core.ts";
import { mockNetworkForFile } from "../test-support/mock-network.ts";
import { enablePushNotifications, type PushEnv, type PushState, refreshPushSubscription } from "./push-subscription.ts";

const server = mockNetworkForFile();

// A P-256 public key as core answers it (65 bytes, base64url).
const KEY = `B${"A".repeat(86)}`;
const keyBytes = (k: string) => Uint8Array.from(Buffer.from(k, "base64url"));

let saved: unknown[];
beforeEach(() => {
  saved = [];
  server.use(
    http.get(`${BASE_URL}/push/public-key`, () => HttpResponse.json({ publicKey: KEY })),
    http.post(`${BASE_URL}/push/subscriptions`, async ({ request }) => {
      saved.push(await request.json());
      return new HttpResponse(null, { status: 204 });
    }),
  );
});

function fakeSubscription(endpoint: string, key: Uint8Array) {
  const sub = {
    endpoint,
    unsubscribed: false,
    options: { applicationServerKey: key.buffer, userVisibleOnly: true },
    unsubscribe: async () => {
      sub.unsubscribed = true;
      return true;
    },
    toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh: "p", auth: "a" } }),
  };
  return sub;
}

function fakeEnv(o: {
  permission: PushState;
  grant?: NotificationPermission;
  existing?: ReturnType<typeof fakeSubscription>;
}) {
  let permission = o.permission;
  const calls = { requested: 0, subscribedWith: [] as Uint8Array[] };
  let current = o.existing ?? null;
  const env: PushEnv = {
    permission: () => permission,
    requestPermission: async () => {
      calls.requested++;
      permission = o.grant ?? "denied";
      return permission;
    },
    registration: async () =>
      ({
        pushManager: {
          getSubscription: async () => current,
          subscribe: async (options: PushSubscriptionOptionsInit) => {
            calls.subscribedWith.push(new Uint8Array(options.applicationServerKey as ArrayBuffer));
            current = fakeSubscription("https://fcm.googleapis.com/fcm/send/new", keyBytes(KEY));
            return current;
          },
        },
      }) as unknown as ServiceWorkerRegistration,
  };
  return { env, calls };
}

describe("#pwa.pushSubscription", () => {
  it("subscribes with core's key and saves the subscription when notifications are allowed", async () => {
    const { env, calls } = fakeEnv({ permission: "granted" });
    expect(await refreshPushSubscription(testApi(), env)).toBe(true);
    expect(calls.subscribedWith).toEqual([keyBytes(KEY)]);
    expect(saved).toEqual([
      { endpoint: "https://fcm.googleapis.com/fcm/send/new", expirationTime: null, keys: { p256dh: "p", auth: "a" } },
    ]);
  });

  it("keeps a subscription made with the same key, saving it again for this session", async () => {
    const existing = fakeSubscription("https://fcm.googleapis.com/fcm/send/old", keyBytes(KEY));
    const { env, calls } = fakeEnv({ permission: "granted", existing });
    await refreshPushSubscription(testApi(), env);
    expect(calls.subscribedWith).toEqual([]);
    expect(existing.unsubscribed).toBe(false);
    expect(saved).toEqual([existing.toJSON()]);
  });

  it("remakes a subscription made with another key", async () => {
    const existing = fakeSubscription("https://fcm.googleapis.com/fcm/send/old", keyBytes(`B${"B".repeat(86)}`));
    const { env, calls } = fakeEnv({ permission: "granted", existing });
    await refreshPushSubscription(testApi(), env);
    expect(existing.unsubscribed).toBe(true);
    expect(calls.subscribedWith).toHaveLength(1);
    expect(saved).toEqual([expect.objectContaining({ endpoint: "https://fcm.googleapis.com/fcm/send/new" })]);
  });

  it("does nothing without the permission, and asks for it only when told to", async () => {
    for (const permission of ["default", "denied", "unsupported"] as const) {
      const { env, calls } = fakeEnv({ permission });
      expect(await refreshPushSubscription(testApi(), env)).toBe(false);
      expect(calls.requested).toBe(0);
    }
    expect(saved).toEqual([]);

    const refused = fakeEnv({ permission: "default", grant: "denied" });
    expect(await enablePushNotifications(testApi(), refused.env)).toBe("denied");
    expect(saved).toEqual([]);

    const granted = fakeEnv({ permission: "default", grant: "granted" });
    expect(await enablePushNotifications(testApi(), granted.env)).toBe("granted");
    expect(granted.calls.requested).toBe(1);
    expect(saved).toHaveLength(1);
  });
});
