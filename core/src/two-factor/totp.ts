// HOTP (RFC 4226) and TOTP (RFC 6238) with node:crypto, and the base32 (RFC 4648) that otpauth:// URIs carry
// secrets in. SHA-1, 30-second steps, 6 digits: what every authenticator app reads from a QR code (decision 0113).
import { createHmac, timingSafeEqual } from "node:crypto";
import { TOTP_DIGITS, TOTP_PERIOD_SECONDS } from "../contract/two-factor.ts";

const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

export function base32Encode(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = "";
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

/** Decodes base32, case-insensitive, ignoring spaces and padding; throws on any other character. */
export function base32Decode(text: string): Buffer {
  const clean = text.replace(/[\s=]/g, "").toUpperCase();
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const ch of clean) {
    const idx = BASE32.indexOf(ch);
    if (idx < 0) throw new Error("not base32");
    value = (value << 5) | idx;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

type Algorithm = "sha1" | "sha256" | "sha512";

/** RFC 4226 §5.3: HMAC of the 8-byte counter, dynamic truncation, the low `digits` decimal digits. */
export function hotp(key: Uint8Array, counter: number, digits = TOTP_DIGITS, algorithm: Algorithm = "sha1"): string {
  const msg = Buffer.alloc(8);
  msg.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac(algorithm, key).update(msg).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = ((mac[offset]! & 0x7f) << 24) | (mac[offset + 1]! << 16) | (mac[offset + 2]! << 8) | mac[offset + 3]!;
  return String(binary % 10 ** digits).padStart(digits, "0");
}

/** The time step (RFC 6238 T) of a moment. */
export const timeStep = (atMs: number, period = TOTP_PERIOD_SECONDS) => Math.floor(atMs / 1000 / period);

/** RFC 6238: the code for the step holding `atMs`. */
export function totp(key: Uint8Array, atMs: number, opts: { digits?: number; algorithm?: Algorithm } = {}): string {
  return hotp(key, timeStep(atMs), opts.digits, opts.algorithm);
}

/**
 * The step whose code `code` is, looking one step back and one ahead of `atMs` (a phone's clock a little off, a
 * code typed as it turned), or null. The caller refuses a step at or before the last one used (no replay).
 */
export function matchTotp(key: Uint8Array, code: string, atMs: number): number | null {
  if (!/^\d+$/.test(code) || code.length !== TOTP_DIGITS) return null;
  const now = timeStep(atMs);
  for (const step of [now - 1, now, now + 1]) {
    if (step < 0) continue;
    if (timingSafeEqual(Buffer.from(hotp(key, step)), Buffer.from(code))) return step;
  }
  return null;
}

/** The otpauth:// URI (Google Authenticator's Key Uri Format) a QR code carries to the app. */
export function otpauthUri(secretBase32: string, issuer: string, account: string): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`;
  const params = new URLSearchParams({
    secret: secretBase32,
    issuer,
    algorithm: "SHA1",
    digits: String(TOTP_DIGITS),
    period: String(TOTP_PERIOD_SECONDS),
  });
  return `otpauth://totp/${label}?${params}`;
}
