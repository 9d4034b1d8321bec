// A stand-in for a browser's push service (FCM, Mozilla's autopush) on loopback
// HTTP, and a browser's side of a subscription: its keys, and the decryption of
// what core posted (RFC 8291, aes128gcm), so tests read the notification a
// service worker would get and check the VAPID signature (RFC 8292).
import { createDecipheriv, createECDH, createHmac, randomBytes, randomUUID } from "node:crypto";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { importJWK, jwtVerify } from "jose";

export type ReceivedPush = { path: string; headers: IncomingHttpHeaders; body: Buffer };

export type FakePushService = {
  /** e.g. http://127.0.0.1:43123, the origin to allow in config.pushServiceOrigins. */
  origin: string;
  received: ReceivedPush[];
  /** Status answered to pushes for this subscription path (default 201, as FCM answers). */
  answer: Map<string, number>;
  /** Pushes to these paths are held this many ms before the answer. */
  delay: Map<string, number>;
  close(): Promise<void>;
};

export async function startFakePushService(): Promise<FakePushService> {
  const received: ReceivedPush[] = [];
  const answer = new Map<string, number>();
  const delay = new Map<string, number>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const path = req.url ?? "/";
      received.push({ path, headers: req.headers, body: Buffer.concat(chunks) });
      const reply = () => {
        res.statusCode = answer.get(path) ?? 201;
        res.end();
      };
      const wait = delay.get(path);
      if (wait) setTimeout(reply, wait).unref();
      else reply();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    received,
    answer,
    delay,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A browser's push subscription on the fake service: what PushSubscription.toJSON() gives, and its secrets. */
export function browserSubscription(origin: string) {
  const ecdh = createECDH("prime256v1");
  const publicKey = ecdh.generateKeys();
  const auth = randomBytes(16);
  const path = `/push/${randomUUID()}`;
  return {
    path,
    json: {
      endpoint: `${origin}${path}`,
      expirationTime: null,
      keys: { p256dh: publicKey.toString("base64url"), auth: auth.toString("base64url") },
    },
    /** The payload as the service worker would read it. */
    decrypt(body: Buffer): unknown {
      return JSON.parse(decryptAes128gcm(body, ecdh, publicKey, auth).toString("utf8"));
    },
  };
}

const hmac = (key: Buffer, data: Buffer) => createHmac("sha256", key).update(data).digest();

function decryptAes128gcm(body: Buffer, ecdh: ReturnType<typeof createECDH>, uaPublic: Buffer, auth: Buffer): Buffer {
  const salt = body.subarray(0, 16);
  const idLength = body[20]!;
  const asPublic = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  const secret = ecdh.computeSecret(asPublic);
  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), uaPublic, asPublic, Buffer.from([1])]);
  const ikm = hmac(hmac(auth, secret), keyInfo);
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from("Content-Encoding: aes128gcm\0\x01")).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from("Content-Encoding: nonce\0\x01")).subarray(0, 12);
  const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then zero padding.
  let end = padded.length - 1;
  while (end > 0 && padded[end] === 0) end--;
  return padded.subarray(0, end);
}

/** Checks an `Authorization: vapid t=<jwt>, k=<key>` header; answers the JWT's claims. */
export async function verifyVapid(header: string | undefined, publicKey: string) {
  const match = /^vapid t=([^,]+), k=(.+)$/.exec(header ?? "");
  if (!match) throw new Error(`not a VAPID header: ${header}`);
  const [, token, key] = match;
  if (key !== publicKey) throw new Error("the header names another key");
  const raw = Buffer.from(publicKey, "base64url");
  const jwk = {
    kty: "EC",
    crv: "P-256",
    x: raw.subarray(1, 33).toString("base64url"),
    y: raw.subarray(33, 65).toString("base64url"),
  };
  const { payload } = await jwtVerify(token!, await importJWK(jwk, "ES256"));
  return payload;
}
