// Meta signs every webhook delivery (WhatsApp Cloud API, Messenger, Instagram) with the app's secret: X-Hub-Signature-256
// is "sha256=" and the hex HMAC-SHA256 of the raw body. Both webhooks check it here before anything is stored.
import { createHmac, timingSafeEqual } from "node:crypto";

/** Whether `header` signs `raw` with `secret` (compared in constant time). */
export function signatureValid(raw: Buffer, header: string | undefined, secret: string): boolean {
  if (!header?.startsWith("sha256=")) return false;
  const expected = createHmac("sha256", secret).update(raw).digest();
  const given = Buffer.from(header.slice(7), "hex");
  return given.length === expected.length && timingSafeEqual(given, expected);
}
