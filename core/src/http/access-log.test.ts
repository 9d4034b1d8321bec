// The access log and the request id (decision 0096): one JSON line per answered request with the caller's company
// and user once known, never the query string (tokens travel there), the request id answered and carried.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { captureLogs } from "../kernel/logger.ts";
import { VERSION } from "../kernel/version.ts";
import { coreForFile } from "../testing/test-world.ts";

const core = coreForFile({ accessLog: true });
let logs: ReturnType<typeof captureLogs>;
beforeEach(() => {
  logs = captureLogs();
});
afterEach(() => logs.restore());

const requests = () => logs.lines.filter((l) => l.msg === "request");

describe("#http.access-log", () => {
  it("logs each answered request once, with who asked, and answers its id", async () => {
    const { token, user } = await core.login("admin@chatflow.local", "chatflow");
    logs.lines.length = 0;
    const res = await fetch(`${core.url}/queue?searchParam=secret-token-in-query`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(200);
    const id = res.headers.get("x-request-id");
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    await expect.poll(() => requests().length).toBe(1);
    const [line] = requests();
    expect(line).toMatchObject({
      level: "info",
      version: VERSION,
      reqId: id,
      method: "GET",
      path: "/queue",
      status: 200,
      companyId: 1,
      userId: user.id,
    });
    expect(typeof line?.ms).toBe("number");
    expect(typeof line?.time).toBe("string");
    expect(JSON.stringify(logs.lines)).not.toContain("secret-token-in-query");
  });

  it("keeps a proxy's request id when it looks like one, and makes a new one otherwise", async () => {
    const kept = await fetch(`${core.url}/version`, { headers: { "x-request-id": "lb-7f3a9c21-0001" } });
    expect(kept.headers.get("x-request-id")).toBe("lb-7f3a9c21-0001");
    const forged = await fetch(`${core.url}/version`, {
      headers: { "x-request-id": 'x"},{"level":"fatal"} <script>' },
    });
    expect(forged.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    await expect.poll(() => requests().length).toBe(2);
    expect(requests().map((l) => l.reqId)).toEqual(["lb-7f3a9c21-0001", forged.headers.get("x-request-id")]);
  });

  it("logs a refused request as its status alone, no stack, and leaves the probes out", async () => {
    expect((await fetch(`${core.url}/queue`)).status).toBe(401);
    expect((await fetch(`${core.url}/healthz`)).status).toBe(200);
    expect((await fetch(`${core.url}/readyz`)).status).toBe(200);
    await expect.poll(() => requests().length).toBe(1);
    expect(requests()[0]).toMatchObject({ path: "/queue", status: 401 });
    expect(requests()[0]).not.toHaveProperty("companyId");
    expect(logs.lines.filter((l) => l.level === "error" || l.err)).toEqual([]);
  });
});
