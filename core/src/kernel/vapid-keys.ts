// The keys core signs web pushes with (VAPID, RFC 8292), and which push services
// it posts to. Like the token secret: from the environment, else made once and
// kept under DATA_DIR, so every browser's subscription stays valid across restarts.
import { createECDH } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

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

const FILE = "vapid-keys.json";

/** VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when both are set, else DATA_DIR/vapid-keys.json (made on first use). */
export function loadVapidKeys(
  dataDir: string,
  env: NodeJS.ProcessEnv = {},
  adminEmail = "admin@chatflow.local",
): VapidKeys {
  const subject = env.VAPID_SUBJECT || `mailto:${adminEmail}`;
  if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY) {
    return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject };
  }
  const file = path.join(dataDir, FILE);
  if (existsSync(file)) {
    const stored = JSON.parse(readFileSync(file, "utf8")) as Omit<VapidKeys, "subject">;
    return { publicKey: stored.publicKey, privateKey: stored.privateKey, subject };
  }
  mkdirSync(dataDir, { recursive: true });
  // What web-push's generateVAPIDKeys makes, without loading it in every process that reads the config.
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  const made = {
    publicKey: ecdh.getPublicKey().toString("base64url"),
    // OpenSSL drops leading zero bytes; VAPID wants the full 32 (web-push pads the same way).
    privateKey: Buffer.concat([Buffer.alloc(32), ecdh.getPrivateKey()])
      .subarray(-32)
      .toString("base64url"),
  };
  // `wx`: two processes starting together must not each write their own pair; the loser reads the winner's.
  try {
    writeFileSync(file, JSON.stringify(made), { mode: 0o600, flag: "wx" });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    return loadVapidKeys(dataDir, env, adminEmail);
  }
  return { ...made, subject };
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
