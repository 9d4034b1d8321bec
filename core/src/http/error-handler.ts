// The one place that turns a thrown error into the API's error body and the code's status from the
// table (contract/errors.ts): our AppError, body-parser's and multer's own errors, PostgreSQL's input errors.
import type { ErrorRequestHandler } from "express";
import { statusOf } from "../contract/errors.ts";
import { databaseUnavailable, isDatabaseUnavailable } from "../kernel/database-unavailable.ts";
import {
  AppError,
  inputDataError,
  internalError,
  invalidInput,
  payloadTooLarge,
  unsupportedMediaType,
} from "../kernel/errors.ts";
import { logger } from "../kernel/logger.ts";
import { requestIdOf } from "./access-log.ts";

/** What the PWA is told to wait when the database cannot be reached: readiness checks it every few seconds too. */
const API_RETRY_AFTER_SECONDS = 5;

/** body-parser's and multer's own errors, which carry a type or code instead of our AppError. */
function transportError(err: unknown): AppError | undefined {
  if (!err || typeof err !== "object") return undefined;
  const e = err as { type?: string; code?: string; status?: number; message?: string };
  switch (e.type) {
    case "entity.parse.failed":
      return invalidInput("Malformed JSON");
    case "entity.too.large":
      return payloadTooLarge();
    case "charset.unsupported":
    case "encoding.unsupported":
      return unsupportedMediaType();
    case "request.aborted":
    case "request.size.invalid":
    case "stream.encoding.set":
    case "parameters.too.many":
      return invalidInput("Malformed request");
  }
  // zlib's (Z_*) and brotli's (ERR__ERROR_*) complaints about a body whose Content-Encoding does not match its bytes.
  if (typeof e.code === "string" && /^(Z_(DATA|BUF)_ERROR$|ERR__ERROR_)/.test(e.code)) {
    return invalidInput("Malformed compressed body");
  }
  if (e.code === "LIMIT_FILE_SIZE" || e.code === "LIMIT_FIELD_VALUE") return payloadTooLarge("File too large");
  if (typeof e.code === "string" && e.code.startsWith("LIMIT_")) return invalidInput(e.message ?? "Malformed upload");
  // busboy's complaints about a malformed multipart body.
  if (typeof e.message === "string" && /^(Multipart|Malformed|Unexpected end of form|Boundary)/i.test(e.message)) {
    return invalidInput("Malformed multipart body");
  }
  return undefined;
}

export const errorHandler: ErrorRequestHandler = (thrown, req, res, _next) => {
  let err = thrown;
  if (isDatabaseUnavailable(err)) {
    // An outage, not a bug: one line, no stack; the client is told when to come back (Retry-After below).
    logger.warn(
      { reqId: requestIdOf(res), method: req.method, path: req.path, reason: (err as Error).message },
      "database unavailable",
    );
    err = databaseUnavailable(API_RETRY_AFTER_SECONDS);
  }
  const known = err instanceof AppError ? err : transportError(err);
  if (known) {
    const retryAfter = known.data?.retryAfterSeconds;
    if (typeof retryAfter === "number") {
      res.setHeader("Retry-After", String(retryAfter));
    }
    res.status(statusOf(known.code)).json(known.toBody());
    return;
  }
  const data = inputDataError(err);
  if (data) {
    // A gap in the contract, worth fixing but not an outage: one line, no stack.
    logger.warn(
      { reqId: requestIdOf(res), method: req.method, path: req.path, reason: (err as Error).message },
      "input refused by PostgreSQL",
    );
    res.status(statusOf(data.code)).json(data.toBody());
    return;
  }
  logger.error({ reqId: requestIdOf(res), method: req.method, path: req.path, err }, "request failed");
  res.status(500).json(internalError().toBody());
};
