// One error type with a code from the closed list of contract/errors.ts, and
// the one place that turns any thrown error into the API's error body.
import type { ErrorRequestHandler } from "express";
import type { z } from "zod";
import type { ErrorBody, ErrorCode } from "../contract/errors.ts";

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly data?: Record<string, unknown>;
  readonly fields?: Record<string, string>;
  constructor(
    code: ErrorCode,
    status: number,
    message?: string,
    extra: { data?: Record<string, unknown>; fields?: Record<string, string> } = {},
  ) {
    super(message ?? code);
    this.code = code;
    this.status = status;
    this.data = extra.data;
    this.fields = extra.fields;
  }
  toBody(): ErrorBody {
    const body: ErrorBody = { error: this.code, message: this.message };
    if (this.data) body.data = this.data;
    if (this.fields) body.fields = this.fields;
    return body;
  }
}

export const NotFoundError = (code: ErrorCode = "ERR_NOT_FOUND", message = "Not found") =>
  new AppError(code, 404, message);
export const ForbiddenError = (message = "No permission") => new AppError("ERR_NO_PERMISSION", 403, message);
export const SessionExpiredError = (message = "Session expired, please log in") =>
  new AppError("ERR_SESSION_EXPIRED", 401, message);
export const ValidationError = (error: z.ZodError) => {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) fields[issue.path.join(".") || "_"] ??= issue.message;
  const first = error.issues[0]?.message ?? "Invalid request";
  return new AppError("ERR_VALIDATION", 400, first, { fields });
};

/** Parses input with a contract schema, answering 400 ERR_VALIDATION on failure. */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw ValidationError(result.error);
  return result.data;
}

export const errorHandler: ErrorRequestHandler = (err, _req, res, _next) => {
  if (err instanceof AppError) {
    res.status(err.status).json(err.toBody());
    return;
  }
  if (err && typeof err === "object" && "type" in err && err.type === "entity.parse.failed") {
    res.status(400).json({ error: "ERR_VALIDATION", message: "Malformed JSON" } satisfies ErrorBody);
    return;
  }
  console.error(err);
  res.status(500).json({ error: "ERR_INTERNAL", message: "An error occurred!" } satisfies ErrorBody);
};
