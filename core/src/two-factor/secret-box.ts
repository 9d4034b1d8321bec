// TOTP secrets sealed at rest (decision 0113): AES-256-GCM under the installation's two-factor key, kept in
// platform_secrets as the token secret is (decision 0095), so every core instance opens what another sealed. A copy
// of the users' two-factor rows alone (a partial dump, a log) does not give the secrets away.
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import type pg from "pg";
import { sharedSecret } from "../kernel/shared-secrets.ts";

export const TWO_FACTOR_KEY_NAME = "two-factor-key";

// Keyed by pool: test files share a worker, each with its own database (and so its own key).
const keys = new WeakMap<pg.Pool, Promise<Buffer>>();

/** The installation's 32-byte sealing key (made by the first instance that needs it). */
export function twoFactorKey(pool: pg.Pool): Promise<Buffer> {
  let key = keys.get(pool);
  if (!key) {
    key = sharedSecret(pool, TWO_FACTOR_KEY_NAME, randomBytes(32).toString("base64url")).then((v) =>
      Buffer.from(v, "base64url"),
    );
    key.catch(() => keys.delete(pool));
    keys.set(pool, key);
  }
  return key;
}

/** "v1.<iv>.<tag>.<ciphertext>", base64url parts. */
export function seal(key: Buffer, plain: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return ["v1", iv, cipher.getAuthTag(), body]
    .map((p) => (typeof p === "string" ? p : p.toString("base64url")))
    .join(".");
}

/** Opens what seal made; throws when it was changed or sealed under another key. */
export function open(key: Buffer, box: string): Buffer {
  const [version, iv, tag, body] = box.split(".");
  if (version !== "v1" || !iv || !tag || body === undefined) throw new Error("not a sealed secret");
  const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]);
}
