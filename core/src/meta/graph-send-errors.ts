// What a send through the Graph API that did not succeed means for the message (decision 0092; issue 22): a request
// that got no answer, a Cloud API refusal, a Messenger/Instagram Send API refusal, each judged by the one table of
// Graph errors (graph-errors.ts) into the SendError the worker's sender acts on. A refusal for good carries Meta's
// reason (dataJson.deliveryFailure), as a `failed` status does.
import { SendError } from "../kernel/send-error.ts";
import { graphFetchFailure } from "./graph-api.ts";
import { ACCOUNT_RESTRICTED, classifyGraphError, deliveryFailureAt, failureErrorCode } from "./graph-errors.ts";

/** A Graph API error answer as far as the judging reads it. */
export type GraphErrorAnswer = { error?: { code?: number; error_subcode?: number; message?: string } };

/** A fetch rejection: only failures before the connection existed are certainly not delivered. */
export function classifyFetchError(err: unknown): SendError {
  const failure = graphFetchFailure(err);
  return new SendError(failure.reached ? "retryable-maybe-delivered" : "retryable-not-delivered", failure.message, {
    cause: err,
  });
}

/** A refusal for good: failed with Meta's reason and the error code a failed status would record. */
function refused(status: number, answer: GraphErrorAnswer | null, message: string): SendError {
  const judged = classifyGraphError(answer?.error, status);
  return new SendError("permanent", message, {
    code: failureErrorCode(judged),
    failure: deliveryFailureAt(judged, new Date()),
  });
}

/** A Cloud API answer that is not a success (messages or media endpoint). */
export function classifyCloudRefusal(status: number, answer: GraphErrorAnswer | null): SendError {
  const judged = classifyGraphError(answer?.error, status);
  const code = judged.code ?? undefined;
  const detail = `Graph API ${status}${code ? ` code ${code}` : ""}: ${answer?.error?.message ?? "no detail"}`;
  // Throttling refuses a message without taking it: safe to send later, the queue waits.
  if (judged.kind === "rate-limit") return new SendError("retryable-not-delivered", detail, { hold: "rate-limited" });
  if (code !== undefined && ACCOUNT_RESTRICTED.has(code)) {
    return new SendError("retryable-not-delivered", detail, { hold: "restricted" });
  }
  // Refused for good (outside the 24-hour window, an undeliverable number, a bad parameter...): failed with Meta's
  // reason, as a `failed` status would be (core refuses the window first; Meta's clock has the last word).
  if (judged.kind === "window" || (status >= 400 && status < 500)) return refused(status, answer, detail);
  return new SendError("retryable-maybe-delivered", detail);
}

/** A Messenger or Instagram Send API answer that is not a success. */
export function classifyMessengerRefusal(status: number, answer: GraphErrorAnswer | null): SendError {
  const e = answer?.error;
  const detail = `Graph API ${status}${e?.code ? ` code ${e.code}` : ""}${e?.error_subcode ? `/${e.error_subcode}` : ""}: ${e?.message ?? "no detail"}`;
  const judged = classifyGraphError(e, status);
  // A rate limit refuses a message without taking it: safe to resend later.
  if (judged.kind === "rate-limit") return new SendError("retryable-not-delivered", detail);
  // Refused for good, with Meta's reason for the agent (code 10 with Messenger's or Instagram's subcode: more than 24
  // hours since the contact wrote; 551 the person is unavailable; 100 a bad parameter...).
  if (judged.kind === "window") return refused(status, answer, `outside the 24-hour messaging window: ${detail}`);
  if (status >= 400 && status < 500) return refused(status, answer, detail);
  return new SendError("retryable-maybe-delivered", detail);
}
