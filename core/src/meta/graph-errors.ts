// What a Graph API error means, for every Meta channel (WhatsApp Cloud API, Messenger, Instagram) and both places
// that meet one: a send the worker gets refused, and a `failed` status a webhook reports later. One table, so the
// agent reads the same reason and advice whichever way the failure arrived (decision 0092).
import type { DeliveryFailure, DeliveryFailureKind } from "../contract/delivery-failure.ts";
import type { ErrorCode } from "../contract/errors.ts";

export type GraphFailureKind = DeliveryFailureKind;
/** A Graph error judged: the platform's words and what they mean (contract/delivery-failure.ts). */
export type GraphFailure = Omit<DeliveryFailure, "at">;

/** The account may not send for now (blocked for a policy, locked): a send queue waits and an admin is told. */
export const ACCOUNT_RESTRICTED: ReadonlySet<number> = new Set([368, 131031]);

/** Rate limits: the Cloud API's throughput and pair limits, the Graph API's app and page limits, Messenger's 613. */
const RATE_LIMIT = new Set([4, 17, 32, 613, 80007, 130429, 131048, 131056]);
/** Expired, revoked or invalid access tokens. */
const TOKEN = new Set([190, 102, 463, 467]);
/** Missing permissions, an account locked, blocked for policy, unpaid or in maintenance, a number not registered. */
const PERMISSION = new Set([3, 10, 200, 294, 368, 131005, 131031, 131042, 131045, 131057, 133010, 2018065]);
/** The number cannot receive it: not on WhatsApp, an old app, the recipient is the sender, Messenger's unavailable user. */
const UNDELIVERABLE = new Set([131026, 131021, 551, 1545041, 2018001, 2018108]);
/** Meta's own, passing trouble. */
const TEMPORARY = new Set([1, 2, 131000, 131016, 133004]);
/** Messenger: the 24-hour window (Graph 10 with subcode 2018278, or 2534022 on Instagram). */
const WINDOW_SUBCODES = new Set([2018278, 2534022]);

const text = (v: unknown) => (typeof v === "string" ? v.slice(0, 1000) : "");
const int = (v: unknown) => (typeof v === "number" && Number.isInteger(v) ? v : null);

function kindOf(code: number | null, subcode: number | null, status: number): GraphFailureKind {
  if (code === 131047 || code === 470 || (subcode !== null && WINDOW_SUBCODES.has(subcode))) return "window";
  if (status === 429) return "rate-limit";
  if (code === null) return status >= 500 ? "temporary" : "unknown";
  if (RATE_LIMIT.has(code)) return "rate-limit";
  if (TOKEN.has(code)) return "token";
  if (UNDELIVERABLE.has(code) || (subcode !== null && UNDELIVERABLE.has(subcode))) return "undeliverable";
  if (code === 131049 || code === 131050) return "marketing";
  if (code === 131051) return "unsupported";
  if (code === 131052 || code === 131053) return "media";
  if (code >= 132000 && code <= 132999) return "template";
  if (PERMISSION.has(code) || (code >= 200 && code <= 299)) return "permission";
  if (TEMPORARY.has(code)) return "temporary";
  return status >= 500 ? "temporary" : "unknown";
}

/** Retrying the same message helps only once the cause passes (a limit, Meta's trouble, a file, a reconnection). */
const RETRYABLE = new Set<GraphFailureKind>(["rate-limit", "temporary", "media", "token", "unknown"]);

/**
 * A Graph error object as Meta sends it: the `error` of a refused call ({code, error_subcode, message, error_user_title,
 * error_data: {details}}) or one item of a status's `errors[]` ({code, title, message, error_data: {details}}).
 * `status` is the HTTP status of a refused call (0 for a webhook's).
 */
export function classifyGraphError(error: unknown, status = 0): GraphFailure {
  const e = (error && typeof error === "object" ? error : {}) as Record<string, unknown>;
  const data = (e.error_data && typeof e.error_data === "object" ? e.error_data : {}) as Record<string, unknown>;
  const code = int(e.code);
  const subcode = int(e.error_subcode);
  const kind = kindOf(code, subcode, status);
  return {
    kind,
    retry: RETRYABLE.has(kind),
    code,
    subcode,
    title: text(e.title) || text(e.error_user_title) || text(e.type),
    message: text(e.message) || text(e.error_user_msg),
    // error_data.details on calls and statuses; the older "Unknown Message" example has details at the top.
    details: text(data.details) || text(e.details) || (typeof e.error_data === "string" ? text(e.error_data) : ""),
  };
}

/**
 * The Cloud API's "message undeliverable": Meta's error-code reference names the number not being on WhatsApp first
 * (the Cloud API has no number check to ask before; decision 0120).
 */
export const NOT_ON_WHATSAPP_CODE = 131026;

/**
 * The error code a message failed by Meta records (messages.error_code): the window has its own, a number not on
 * WhatsApp the spec's invalid-number code (a campaign's list item is then marked invalid), the rest the send's.
 */
export function failureErrorCode(failure: Pick<GraphFailure, "kind" | "code">): ErrorCode {
  if (failure.kind === "window") return "ERR_OUTSIDE_MESSAGING_WINDOW";
  return failure.code === NOT_ON_WHATSAPP_CODE ? "ERR_WAPP_INVALID_CONTACT" : "ERR_SENDING_WAPP_MSG";
}

/**
 * A failure as a message keeps it (dataJson.deliveryFailure), dated `at`: the same for a `failed` status (dated by
 * Meta) and for a send Meta refused at once (dated when refused), so the conversation shows both alike.
 */
export function deliveryFailureAt(failure: GraphFailure, at: Date | undefined): DeliveryFailure {
  return { ...failure, ...(at ? { at: at.toISOString() } : {}) };
}
