// Why a channel could not deliver one of our messages, as a platform told it (a Cloud API `failed` status with its
// errors[], a Graph API refusal): kept in the message's dataJson.deliveryFailure, so the conversation shows the
// platform's code, title and details, the reason in the agent's words and what to do (decision 0092).

/**
 * What the failure is, in the agent's terms (the PWA words each):
 * - window: more than 24 hours since the customer wrote; only a template may be sent.
 * - undeliverable: the number cannot receive it (no WhatsApp, an old app...).
 * - rate-limit: too many messages for now; wait, then try again.
 * - token: the connection's access token expired or was revoked; an admin reconnects it.
 * - permission: the app lacks a permission, or the account may not send now; an admin looks.
 * - marketing: Meta chose not to deliver a marketing message, or the person stopped them.
 * - media: the file could not be uploaded or downloaded.
 * - template: the template is missing, paused or its parameters do not fit.
 * - unsupported: the channel does not carry this kind of message.
 * - temporary: Meta's own trouble; trying again later should work.
 * - unknown: none of the above; the platform's own words are shown.
 */
export const DELIVERY_FAILURE_KINDS = [
  "window",
  "undeliverable",
  "rate-limit",
  "token",
  "permission",
  "marketing",
  "media",
  "template",
  "unsupported",
  "temporary",
  "unknown",
] as const;
export type DeliveryFailureKind = (typeof DELIVERY_FAILURE_KINDS)[number];

export type DeliveryFailure = {
  kind: DeliveryFailureKind;
  /** Whether sending the same message again can work (an agent's retry). */
  retry: boolean;
  /** The platform's code (131047, 190...) and subcode when it gave them. */
  code: number | null;
  subcode: number | null;
  /** The platform's short title, message and details, as it wrote them (English). */
  title: string;
  message: string;
  details: string;
  /** When the platform says it failed (the status's timestamp), ISO 8601: a later status may still overrule it. */
  at?: string;
};

/** The failure a message's dataJson carries, or null. */
export function deliveryFailureOf(dataJson: unknown): DeliveryFailure | null {
  const f = (dataJson as { deliveryFailure?: unknown } | null)?.deliveryFailure;
  if (!f || typeof f !== "object") return null;
  const kind = (f as { kind?: unknown }).kind;
  return (DELIVERY_FAILURE_KINDS as readonly unknown[]).includes(kind) ? (f as DeliveryFailure) : null;
}
