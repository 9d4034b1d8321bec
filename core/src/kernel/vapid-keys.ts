// The keys core signs web pushes with (VAPID, RFC 8292), and which push services
// it posts to. Like the token secret: from the environment, else made once into the
// database (shared-secrets.ts), so every browser's subscription stays valid across
// restarts and instances.

export type VapidKeys = {
  /** Uncompressed P-256 public key, base64url: the browser's applicationServerKey. */
  publicKey: string;
  privateKey: string;
  /** Who runs this server, for the push service (a mailto: or https: URL). */
  subject: string;
};

/**
 * The push services of today's browsers (Chrome/Android, Firefox, Edge, Safari). A subscription naming
 * any other origin is refused: core would otherwise post to whatever URL a signed-in user gave it.
 */
export const DEFAULT_PUSH_SERVICE_ORIGINS = [
  "https://fcm.googleapis.com",
  "https://updates.push.services.mozilla.com",
  "https://*.notify.windows.com",
  "https://*.push.apple.com",
];

/** Who runs this server, for the push service: VAPID_SUBJECT, else the admin's mailto:. */
export function vapidSubject(env: NodeJS.ProcessEnv, adminEmail = "admin@chatflow.local"): string {
  return env.VAPID_SUBJECT || `mailto:${adminEmail}`;
}

/**
 * VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when both are set; else undefined, and core uses the installation's
 * pair from the database (sharedVapidKeys, decision 0095), the same on every instance.
 */
export function vapidKeysFromEnv(env: NodeJS.ProcessEnv, adminEmail = "admin@chatflow.local"): VapidKeys | undefined {
  if (!env.VAPID_PUBLIC_KEY || !env.VAPID_PRIVATE_KEY) return undefined;
  return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject: vapidSubject(env, adminEmail) };
}

/** Whether `endpoint` is on one of `origins` (an origin may start its host with `*.` for any subdomain). */
export function isAllowedPushEndpoint(endpoint: string, origins: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  return origins.some((origin) => {
    const wildcard = origin.includes("://*.");
    let allowed: URL;
    try {
      allowed = new URL(wildcard ? origin.replace("://*.", "://") : origin);
    } catch {
      return false;
    }
    if (allowed.protocol !== url.protocol || allowed.port !== url.port) return false;
    return wildcard ? url.hostname.endsWith(`.${allowed.hostname}`) : url.hostname === allowed.hostname;
  });
}
