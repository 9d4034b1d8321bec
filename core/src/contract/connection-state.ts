// Why a connection is down (issue 22; decision 0093): the reason the worker or core found, kept beside the status
// (whatsapps.status_reason) so the connections screen, the side menu's badge, the ticket's notice and the super
// user's overview tell the same thing. Also how a Graph API answer is read for it: Meta's error codes as its
// "Handling Errors" guide lists them (developers.facebook.com/docs/graph-api/guides/error-handling).

/** Why a connection is down. */
export const CONNECTION_PROBLEMS = [
  /** Graph error 190 with subcode 463: the token expired. */
  "token-expired",
  /** Graph error 190 (or 102) otherwise: the token was revoked, the password changed, the app removed... */
  "token-revoked",
  /** Graph error 10 (without a per-message subcode) or 200-299: a permission was removed. */
  "permission-removed",
  /** The Graph API did not answer for a while (network, DNS, timeouts). */
  "graph-unreachable",
  /** Baileys: WhatsApp's servers cannot be reached (no route, DNS, refused). */
  "whatsapp-unreachable",
  /** Baileys: the connection to WhatsApp timed out (408). */
  "whatsapp-timeout",
  /** Baileys: the phone logged this device out (401): a new QR code is needed. */
  "logged-out",
  /** Baileys: WhatsApp refused the account (403). */
  "banned",
] as const;
export type ConnectionProblemReason = (typeof CONNECTION_PROBLEMS)[number];

/** whatsapps.status_reason: why the connection is down, since when, and when the worker tries again (if it does). */
export type ConnectionProblem = {
  reason: ConnectionProblemReason;
  /** The channel's own words (Graph error message, Baileys close code), for admins and logs. */
  detail: string;
  /** ISO time the problem was first seen. */
  since: string;
  /** ISO time of the worker's next try, or null when only a person can fix it (a new token, a new QR code). */
  retryAt: string | null;
};

/** Problems only a person fixes: the Facebook/Instagram row offers 'Reconectar', the Cloud API row 'Editar'. */
export const NEEDS_NEW_TOKEN: ReadonlySet<ConnectionProblemReason> = new Set([
  "token-expired",
  "token-revoked",
  "permission-removed",
]);

/** What the Graph module's classification (core/src/meta/graph-errors.ts, classifyGraphError) says of a refusal. */
export type ClassifiedGraphError = { kind: string; code: number | null; subcode: number | null };

/**
 * The connection problem a classified Graph API refusal names, or null when it names none (a refusal of this one
 * request: a bad recipient, a template, throttling, the 24-hour window, an account restricted for a while, which
 * holds the queue instead: decision 0053). Token errors (190 and its kin) always do: 463 is an expired token, any
 * other subcode (460 password changed, 458 app removed, 467 invalid...) a revoked one. Permission errors 10 and
 * 200-299 do on the token's own check (`check`: the phone number or page read at save time, start and 'try again');
 * on a send, code 10 with a subcode is that message's refusal and does not.
 */
export function graphProblemOf(e: ClassifiedGraphError, check = false): ConnectionProblemReason | null {
  if (e.kind === "token") return e.subcode === 463 ? "token-expired" : "token-revoked";
  if (e.kind !== "permission" || e.code === null) return null;
  const permissionCode = e.code === 10 || (e.code >= 200 && e.code <= 299);
  if (permissionCode && (check || e.subcode === null)) return "permission-removed";
  return null;
}
