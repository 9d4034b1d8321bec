// How a channel send failed (issue 22): thrown by the worker's adapters (Baileys, the Cloud API, Messenger, Instagram)
// and by the Meta module's Graph API client (core/src/meta), read by the worker's sender, which decides from it what
// to do next (send again, hold the queue, fail the message with its reason).
import type { DeliveryFailure } from "../contract/delivery-failure.ts";
import type { ErrorCode } from "../contract/errors.ts";

/**
 * How a send failed, which decides what the sender may do next:
 * - not-delivered: the request certainly never reached the channel (refused, DNS, connect
 *   timeout, an explicit rate-limit refusal): resend later, the connection is treated as down.
 * - maybe-delivered: it may have arrived (timeout after the request went out, reset, 5xx):
 *   resending could deliver twice, so only adapters with idempotent sends retry it.
 * - permanent: the channel refused this message (4xx): it fails for good.
 */
export type SendFailureKind = "retryable-not-delivered" | "retryable-maybe-delivered" | "permanent";

/** Why the channel holds a connection's queue: the admin is told (whatsapps.send_hold; decision 0053). */
export type SendHoldReason = "rate-limited" | "restricted";

export class SendError extends Error {
  readonly kind: SendFailureKind;
  /** What messages.error_code records when the message fails. */
  readonly code: ErrorCode;
  /** Set when the channel refused as rate-limited or restricted: the queue waits and the admin is told. */
  readonly hold?: SendHoldReason;
  /**
   * The channel's own reason when it refused the message (a Graph API error): kept in the failed message's
   * dataJson.deliveryFailure, as a `failed` status's is, so the agent reads Meta's reason and what to do.
   */
  readonly failure?: DeliveryFailure;
  constructor(
    kind: SendFailureKind,
    message: string,
    opts: { code?: ErrorCode; cause?: unknown; hold?: SendHoldReason; failure?: DeliveryFailure } = {},
  ) {
    super(message, { cause: opts.cause });
    this.name = "SendError";
    this.kind = kind;
    this.code = opts.code ?? "ERR_SENDING_WAPP_MSG";
    if (opts.hold) this.hold = opts.hold;
    if (opts.failure) this.failure = opts.failure;
  }
}

/** Any error as a SendError: an unclassified one may have reached the channel. */
export function asSendError(err: unknown): SendError {
  if (err instanceof SendError) return err;
  return new SendError("retryable-maybe-delivered", err instanceof Error ? err.message : String(err), { cause: err });
}
