// What a load balancer sees of a core: alive, ready when its database answers, and while it stops for a deploy,
// draining first (not ready), with the requests it already took answered rather than cut.
import { get } from "node:http";
import { connect } from "node:net";
import express from "express";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { VERSION } from "../kernel/version.ts";
import { startTestCore } from "../testing/test-core.ts";
import { coreForFile } from "../testing/test-world.ts";
import { healthRoutes } from "./health.ts";

const core = coreForFile();

/** Posts a login whose body arrives in two halves, `between` running after the first: a request in flight. */
function slowLogin(url: string, between: () => Promise<void>): Promise<{ status: number }> {
  const { hostname, port } = new URL(url);
  const body = JSON.stringify({ email: "admin@chatflow.local", password: "chatflow" });
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, async () => {
      socket.write(
        `POST /auth/login HTTP/1.1\r\nHost: ${hostname}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 10)}`,
      );
      try {
        await between();
      } catch (err) {
        reject(err);
      }
      socket.write(body.slice(10));
    });
    let answer = "";
    socket.on("data", (chunk) => {
      answer += chunk.toString();
    });
    socket.on("error", reject);
    socket.on("close", () => {
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0);
      resolve({ status });
    });
  });
}

/** A GET on a connection of its own, answering the status and the Connection header. */
function rawGet(url: string): Promise<{ status: number; connection: string }> {
  return new Promise((resolve, reject) => {
    get(url, (res) => {
      res.resume();
      res.on("end", () => resolve({ status: res.statusCode ?? 0, connection: String(res.headers.connection) }));
    }).on("error", reject);
  });
}

describe("#health", () => {
  it("answers alive and ready, with the version, on a core whose database answers", async () => {
    const alive = await core.api("GET", "/healthz");
    expect(alive.status).toBe(200);
    expect(alive.body).toEqual({ status: "ok", part: "core", version: VERSION });
    expect(alive.headers.get("cache-control")).toBe("no-store");
    const ready = await core.api("GET", "/readyz");
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: "ready", part: "core", version: VERSION, checks: { database: "ok" } });
    // Without METRICS_TOKEN (this core has none) there are no metrics: the path does not exist, session or not.
    const metrics = await core.api("GET", "/metrics");
    expect(metrics.status).toBe(404);
    expect(metrics.body.error).toBe("ERR_NOT_FOUND");
  });

  it("is alive but not ready when the database does not answer", async () => {
    const pool = new pg.Pool({ connectionString: "postgres://nobody@127.0.0.1:1/none", connectionTimeoutMillis: 500 });
    const app = express().use(healthRoutes(pool, { draining: false }));
    const server = app.listen(0);
    try {
      const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
      expect((await fetch(`${base}/healthz`)).status).toBe(200);
      const ready = await fetch(`${base}/readyz`);
      expect(ready.status).toBe(503);
      expect(ready.headers.get("retry-after")).toBe("5");
      expect(await ready.json()).toMatchObject({ status: "unavailable", checks: { database: "unavailable" } });
    } finally {
      server.close();
      await pool.end();
    }
  });

  it("drains on stop: not ready first, the request in flight answered, then the port closed", async () => {
    const own = await startTestCore({ drainDelayMs: 400 });
    let stopped: Promise<void> | undefined;
    let readyWhileDraining: { status: number; connection: string } | undefined;
    const answer = await slowLogin(own.url, async () => {
      stopped = own.close();
      await new Promise((r) => setTimeout(r, 100));
      readyWhileDraining = await rawGet(`${own.url}/readyz`);
    });
    await stopped;
    // A request arriving while it drains hears 'not ready' on a connection it is told to close.
    expect(readyWhileDraining).toEqual({ status: 503, connection: "close" });
    // The login that was half sent when the stop began got its answer; then the server closed its connection
    // (slowLogin resolves on the socket's close, which this client never asks for).
    expect(answer.status).toBe(200);
    await expect(fetch(`${own.url}/healthz`)).rejects.toThrow();
  });
});
