// The secrets every instance shares (decision 0095): written once into the database by the first instance, the
// same for all; the environment's win; a one-machine install's DATA_DIR files become the installation's.
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { startTestCore } from "../testing/test-core.ts";
import { testDbForFile } from "../testing/test-world.ts";
import { loadConfig } from "./config.ts";
import {
  JWT_SECRET_NAME,
  sharedSecret,
  sharedVapidKeys,
  storedSecret,
  tokenSecretCandidate,
  VAPID_KEYS_NAME,
} from "./shared-secrets.ts";
import { vapidKeysFromEnv } from "./vapid-keys.ts";

const db = testDbForFile();

describe("sharedSecret", () => {
  it("keeps the first writer's value: ten instances starting at once all read the same one", async () => {
    const name = "race-test";
    const values = await Promise.all(
      Array.from({ length: 10 }, (_, i) => sharedSecret(db.pool, name, `candidate-${i}`)),
    );
    expect(new Set(values).size).toBe(1);
    expect(values[0]).toMatch(/^candidate-\d$/);
    expect(await sharedSecret(db.pool, name, "a later one")).toBe(values[0]);
    expect(await storedSecret(db.pool, name)).toBe(values[0]);
  });

  it("offers a one-machine install's DATA_DIR files, so its tokens and push subscriptions stay valid", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "chatflow-secrets-"));
    await writeFile(path.join(dir, "jwt-secret"), "the-old-secret-kept-under-data-dir\n");
    await writeFile(
      path.join(dir, "vapid-keys.json"),
      JSON.stringify({ publicKey: "old-pub", privateKey: "old-priv" }),
    );
    expect(tokenSecretCandidate(dir)).toBe("the-old-secret-kept-under-data-dir");
    const fresh = await mkdtemp(path.join(tmpdir(), "chatflow-secrets-"));
    expect(tokenSecretCandidate(fresh)).toMatch(/^[A-Za-z0-9_-]{64}$/);
    expect(tokenSecretCandidate(fresh)).not.toBe(tokenSecretCandidate(fresh));
    // Nothing is written under a DATA_DIR any more: the database holds the installation's.
    const { readdir } = await import("node:fs/promises");
    expect(await readdir(fresh)).toEqual([]);

    const name = `${VAPID_KEYS_NAME}-upgrade-test`;
    await sharedSecret(db.pool, name, JSON.stringify({ publicKey: "old-pub", privateKey: "old-priv" }));
    expect(JSON.parse((await storedSecret(db.pool, name)) as string)).toEqual({
      publicKey: "old-pub",
      privateKey: "old-priv",
    });
  });

  it("makes a valid VAPID pair (65-byte public point, 32-byte private key) once", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "chatflow-secrets-"));
    const first = await sharedVapidKeys(db.pool, dir, "mailto:ops@example.com");
    expect(Buffer.from(first.publicKey, "base64url")).toHaveLength(65);
    expect(Buffer.from(first.privateKey, "base64url")).toHaveLength(32);
    expect(first.subject).toBe("mailto:ops@example.com");
    const again = await sharedVapidKeys(db.pool, await mkdtemp(path.join(tmpdir(), "chatflow-secrets-")), "x");
    expect(again.publicKey).toBe(first.publicKey);
  });
});

describe("the environment", () => {
  it("wins over the database: JWT_SECRET, and the VAPID pair when both halves are set", () => {
    const env = { DATA_DIR: tmpdir(), JWT_SECRET: "from-env" };
    expect(loadConfig(env)).toMatchObject({ jwtSecret: "from-env", jwtSecretShared: false, vapid: undefined });
    expect(loadConfig({ DATA_DIR: tmpdir() }).jwtSecretShared).toBe(true);
    const pair = { VAPID_PUBLIC_KEY: "pub", VAPID_PRIVATE_KEY: "priv", VAPID_SUBJECT: "https://chat.example.com" };
    expect(vapidKeysFromEnv(pair)).toEqual({
      publicKey: "pub",
      privateKey: "priv",
      subject: "https://chat.example.com",
    });
    expect(vapidKeysFromEnv({ VAPID_PUBLIC_KEY: "pub" })).toBeUndefined();
  });
});

describe("two cores on one database, no JWT_SECRET", () => {
  it("sign with one secret and push with one key pair", { timeout: 120_000 }, async () => {
    const a = await startTestCore({ jwtSecret: "candidate-of-instance-a-0123456789abcdef", jwtSecretShared: true });
    try {
      const b = await startTestCore({
        databaseUrl: a.config.databaseUrl,
        jwtSecret: "candidate-of-instance-b-0123456789abcdef",
        jwtSecretShared: true,
      });
      try {
        expect(await storedSecret(a.db.pool, JWT_SECRET_NAME)).toBe("candidate-of-instance-a-0123456789abcdef");
        // A token A signed is good on B, and the other way round (a login ends the user's earlier session,
        // so each is checked before the next login).
        const onA = await a.login("admin@chatflow.local", "chatflow");
        expect((await b.api("GET", "/auth/me", { token: onA.token })).status).toBe(200);
        const keyB = (await b.api("GET", "/push/public-key", { token: onA.token })).body.publicKey;
        const onB = await b.login("admin@chatflow.local", "chatflow");
        expect((await a.api("GET", "/auth/me", { token: onB.token })).status).toBe(200);
        const keyA = (await a.api("GET", "/push/public-key", { token: onB.token })).body.publicKey;
        expect(keyA).toBe(keyB);
        expect(JSON.parse((await storedSecret(a.db.pool, VAPID_KEYS_NAME)) as string).publicKey).toBe(keyA);
      } finally {
        await b.stop();
      }
    } finally {
      await a.close();
    }
  });
});
