// The two ways a call to core can fail: the server answered with an error, or
// no answer came at all (offline, server down, connection cut).
import type { ErrorBody } from "@chatflow/core/contract/errors.ts";

export class ApiError extends Error {
  readonly status: number;
  /** The server's error body when it sent one in the shared shape. */
  readonly body: ErrorBody | null;

  constructor(status: number, body: ErrorBody | null) {
    super(body?.message ?? `HTTP ${status}`);
    this.name = "ApiError";
    this.status = status;
    this.body = body;
  }
}

export class NetworkError extends Error {
  constructor(cause: unknown) {
    super("Network request failed", { cause });
    this.name = "NetworkError";
  }
}

export function isErrorBody(value: unknown): value is ErrorBody {
  return typeof value === "object" && value !== null && typeof (value as { error?: unknown }).error === "string";
}
