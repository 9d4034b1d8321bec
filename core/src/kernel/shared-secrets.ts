// The secrets every instance of an installation shares (decision 0095): the token secret and the web push keys.
// The environment may give them (JWT_SECRET, VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY); otherwise the first instance to
// start writes its candidate into platform_secrets and every instance, that one included, uses what the table
// holds. An installation that kept them under DATA_DIR offers those files' values as its candidate, so the
// tokens and push subscriptions of a one-machine install stay valid when it grows a second machine.
import { createECDH, randomBytes } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Pool } from "pg";
import type { VapidKeys } from "./vapid-keys.ts";

type Queryable = Pick<Pool, "query">;

/** The value stored under `name`, storing `candidate` first when there is none (the first writer wins). */
export async function sharedSecret(db: Queryable, name: string, candidate: string): Promise<string> {
  // Two statements, not one: a statement's snapshot predates a concurrent first writer's commit (its ON CONFLICT
  // waits for that commit, then does nothing), so only a later statement is sure to read the winner's value.
  await db.query("INSERT INTO platform_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING", [
    name,
    candidate,
  ]);
  const value = await storedSecret(db, name);
  if (value === undefined) throw new Error(`platform secret ${name} could not be stored or read`);
  return value;
}

/** The value stored under `name`, or undefined (an instance that must not make one: the sync server). */
export async function storedSecret(db: Queryable, name: string): Promise<string | undefined> {
  const { rows } = await db.query<{ value: string }>("SELECT value FROM platform_secrets WHERE name = $1", [name]);
  return rows[0]?.value;
}

export const JWT_SECRET_NAME = "jwt-secret";
export const VAPID_KEYS_NAME = "vapid-keys";

/** This instance's offer for the token secret: the one kept under DATA_DIR by earlier releases, else a new one. */
export function tokenSecretCandidate(dataDir: string): string {
  const file = path.join(dataDir, "jwt-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  return randomBytes(48).toString("base64url");
}

/** This instance's offer for the web push keys: the pair kept under DATA_DIR by earlier releases, else a new one. */
export function vapidKeysCandidate(dataDir: string): Omit<VapidKeys, "subject"> {
  const file = path.join(dataDir, "vapid-keys.json");
  if (existsSync(file)) {
    const stored = JSON.parse(readFileSync(file, "utf8")) as Omit<VapidKeys, "subject">;
    return { publicKey: stored.publicKey, privateKey: stored.privateKey };
  }
  // What web-push's generateVAPIDKeys makes, without loading it in every process that reads the config.
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  return {
    publicKey: ecdh.getPublicKey().toString("base64url"),
    // OpenSSL drops leading zero bytes; VAPID wants the full 32 (web-push pads the same way).
    privateKey: Buffer.concat([Buffer.alloc(32), ecdh.getPrivateKey()])
      .subarray(-32)
      .toString("base64url"),
  };
}

/** The installation's web push keys from platform_secrets (made from this instance's candidate if first). */
export async function sharedVapidKeys(db: Queryable, dataDir: string, subject: string): Promise<VapidKeys> {
  const stored = await sharedSecret(db, VAPID_KEYS_NAME, JSON.stringify(vapidKeysCandidate(dataDir)));
  const keys = JSON.parse(stored) as Omit<VapidKeys, "subject">;
  return { publicKey: keys.publicKey, privateKey: keys.privateKey, subject };
}
