// PostgreSQL out of reach (issue 23): the API answers 503 ERR_DATABASE_UNAVAILABLE with Retry-After, not 500, logs
// one line with no stack, and serves again by itself once the database is back. The database sits behind a TCP
// relay on loopback that the test cuts and restores, as a network partition or a database restart would.
import { describe, expect, it, vi } from "vitest";
import { isDatabaseUnavailable } from "../kernel/database-unavailable.ts";
import { captureLogs } from "../kernel/logger.ts";
import { relay } from "../testing/relays.ts";
import { startTestCore } from "../testing/test-core.ts";
import { createMigratedDatabase } from "../testing/test-db.ts";
import { forFile } from "../testing/test-world.ts";

/** A core whose database sits behind the relay. */
const w = forFile(
  async () => {
    const db = await createMigratedDatabase();
    const url = new URL(db.url);
    const proxy = await relay({ host: url.hostname, port: Number(url.port || 5432) });
    url.host = `127.0.0.1:${proxy.port}`;
    const core = await startTestCore({ databaseUrl: url.toString() });
    return { db, proxy, core };
  },
  {
    timeout: 60_000,
    async stop({ db, proxy, core }) {
      await proxy.open();
      await core.stop();
      await db.drop();
    },
  },
);

describe("#api.database-unavailable", () => {
  it("answers 503 with Retry-After while PostgreSQL cannot be reached, and serves again once it can", async () => {
    const { token } = await w.core.login("admin@chatflow.local", "chatflow");
    expect((await w.core.api("GET", "/queue", { token })).status).toBe(200);

    const logs = captureLogs();
    try {
      await w.proxy.cut();
      const down = await w.core.api("GET", "/queue", { token });
      expect(down.status).toBe(503);
      expect(down.headers.get("retry-after")).toBe("5");
      expect(down.body.error).toBe("ERR_DATABASE_UNAVAILABLE");
      const login = await w.core.api("POST", "/auth/login", { body: { email: "admin@chatflow.local", password: "x" } });
      expect([login.status, login.body.error]).toEqual([503, "ERR_DATABASE_UNAVAILABLE"]);
      expect((await fetch(`${w.core.url}/readyz`)).status).toBe(503);
      // An outage is one warning line per request, with its request id, never an error line with a stack.
      expect(logs.lines.filter((l) => l.level === "error" || l.err)).toEqual([]);
      const warnings = logs.lines.filter((l) => l.msg === "database unavailable");
      expect(warnings.map((l) => [l.level, l.method, l.path])).toEqual([
        ["warn", "GET", "/queue"],
        ["warn", "POST", "/auth/login"],
      ]);
      expect(warnings[0]?.reqId).toBe(down.headers.get("x-request-id"));
      // The LISTEN connections (realtime pokes, actor cache) say they lost the database, as warnings of the logger.
      await vi.waitFor(() =>
        expect(logs.lines.find((l) => typeof l.listener === "string")).toMatchObject({
          level: "warn",
          msg: expect.stringContaining("connection lost"),
        }),
      );
    } finally {
      logs.restore();
    }

    await w.proxy.open();
    await vi.waitFor(async () => expect((await w.core.api("GET", "/queue", { token })).status).toBe(200), {
      timeout: 20_000,
      interval: 250,
    });
  });
});

describe("isDatabaseUnavailable", () => {
  it("knows pg's connection failures and PostgreSQL's shutdown codes, and nothing else", () => {
    expect(isDatabaseUnavailable(Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" }))).toBe(
      true,
    );
    expect(isDatabaseUnavailable(new Error("Connection terminated unexpectedly"))).toBe(true);
    expect(isDatabaseUnavailable(new Error("timeout exceeded when trying to connect"))).toBe(true);
    expect(isDatabaseUnavailable({ code: "57P01", severity: "FATAL" })).toBe(true);
    expect(isDatabaseUnavailable({ code: "53300", severity: "FATAL" })).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([Object.assign(new Error(), { code: "ECONNREFUSED" })]))).toBe(
      true,
    );
    expect(isDatabaseUnavailable(new Error("wrapped", { cause: { code: "08006" } }))).toBe(true);
    expect(isDatabaseUnavailable({ code: "23505", severity: "ERROR" })).toBe(false);
    expect(isDatabaseUnavailable(new Error("something else"))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });
});
