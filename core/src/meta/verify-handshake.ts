// Meta's webhook subscription handshake (GET with hub.mode, hub.verify_token, hub.challenge), one for every Meta
// webhook (the Cloud API's and the Messenger/Instagram one): the challenge goes back as plain text only to a
// subscribe naming a verify token we know (decision 0092).
import { timingSafeEqual } from "node:crypto";
import { noPermission } from "../kernel/errors.ts";

/** Meta's challenge is a short number; anything longer is cut (it is echoed). */
const MAX_CHALLENGE = 1000;
const MAX_TOKEN = 1000;

/** Equal texts, compared in constant time. */
export function sameSecret(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

/**
 * The challenge to answer; throws noPermission (403) unless the query is a subscribe with a verify token that
 * `isKnown` accepts. Query values that are not single strings (hub.mode[]=...) count as absent.
 */
export async function verifyHandshake(
  query: Record<string, unknown>,
  isKnown: (token: string) => boolean | Promise<boolean>,
): Promise<string> {
  const one = (v: unknown) => (typeof v === "string" ? v : "");
  const token = one(query["hub.verify_token"]);
  const subscribe = one(query["hub.mode"]) === "subscribe";
  if (!subscribe || token.length === 0 || token.length > MAX_TOKEN || !(await isKnown(token))) {
    throw noPermission("Verification failed");
  }
  return one(query["hub.challenge"]).slice(0, MAX_CHALLENGE);
}
