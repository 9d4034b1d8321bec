import type { AddressInfo } from "node:net";
import express from "express";
import { describe, expect, it } from "vitest";
import { ERROR_CODES, ERROR_STATUS, type ErrorCode } from "../contract/errors.ts";
import { AppError, noPermission, ticketNotFound, wrongState } from "../kernel/errors.ts";
import { errorHandler } from "./error-handler.ts";

/** Serves, on loopback, one route that throws what it is given, answered by the one error handler. */
async function call(
  make: () => unknown,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; body: Record<string, unknown> }> {
  const app = express();
  app.use(express.json({ limit: "1kb" }));
  app.all("/", () => {
    throw make();
  });
  app.use(errorHandler);
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  try {
    const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`, init);
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  } finally {
    server.close();
  }
}

describe("#errors", () => {
  it("answers every code with the status of the one table and the error body", async () => {
    for (const code of ERROR_CODES) {
      const res = await call(() => new AppError(code, `message of ${code}`));
      expect(res.status, code).toBe(ERROR_STATUS[code]);
      expect(res.body).toEqual({ error: code, message: `message of ${code}` });
    }
  });

  it("keeps the statuses the spec's callers rely on", () => {
    const expected: Partial<Record<ErrorCode, number>> = {
      ERR_VALIDATION: 400,
      ERR_INVALID_CREDENTIALS: 401,
      ERR_SESSION_EXPIRED: 401,
      ERR_SUBSCRIPTION_EXPIRED: 402,
      ERR_NO_PERMISSION: 403,
      ERR_INVALID_TOKEN: 403,
      ERR_NO_TICKET_FOUND: 404,
      ERR_NO_SETTING_FOUND: 404,
      ERR_OTHER_OPEN_TICKET: 409,
      ERR_WRONG_STATE: 409,
      ERR_PAYLOAD_TOO_LARGE: 413,
      ERR_TOO_MANY_REQUESTS: 429,
      ERR_INTERNAL: 500,
    };
    for (const [code, status] of Object.entries(expected)) expect(ERROR_STATUS[code as ErrorCode], code).toBe(status);
  });

  it("carries data and fields, and the factories name one code each", async () => {
    const res = await call(() => wrongState("The ticket is closed", { status: "closed" }));
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: "ERR_WRONG_STATE", message: "The ticket is closed", data: { status: "closed" } });
    expect(ticketNotFound().code).toBe("ERR_NO_TICKET_FOUND");
    expect(noPermission().code).toBe("ERR_NO_PERMISSION");
  });

  it("answers the transport's own failures with 4xx and the error body, never 500", async () => {
    const unreached = () => new Error("unreached");
    const json = (body: string, type = "application/json") => ({
      method: "POST",
      headers: { "Content-Type": type },
      body,
    });
    const big = await call(unreached, json(`{"a":"${"x".repeat(2048)}"}`));
    expect(big.status).toBe(413);
    expect(big.body.error).toBe("ERR_PAYLOAD_TOO_LARGE");
    const malformed = await call(unreached, json("{nope"));
    expect(malformed.status).toBe(400);
    expect(malformed.body.error).toBe("ERR_VALIDATION");
    const charset = await call(unreached, json("{}", "application/json; charset=klingon"));
    expect(charset.status).toBe(415);
    expect(charset.body.error).toBe("ERR_UNSUPPORTED_MEDIA_TYPE");
  });

  it("answers anything else 500 ERR_INTERNAL without its message", async () => {
    const res = await call(() => new Error("secret detail"));
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ error: "ERR_INTERNAL", message: "An error occurred!" });
  });
});
