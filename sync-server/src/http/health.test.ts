// The sync server's probes: alive and ready on its own port beside the co-editing sockets, and not ready from the
// moment it starts stopping.
import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { relay } from "@chatflow/core/testing/relays.ts";
import { describe, expect, it } from "vitest";
import { syncForFile } from "../testing/sync-fixtures.ts";

const sync = syncForFile({ metricsToken: "sync-scrape-token" });
const httpOf = (ws: string) => ws.replace(/^ws/, "http");

describe("#sync.health", () => {
  it("answers /healthz, /readyz and, with its token, /metrics, and readiness turns to draining when it stops", async () => {
    const alive = await fetch(`${httpOf(sync.server.url)}/healthz`);
    expect(alive.status).toBe(200);
    expect(await alive.json()).toMatchObject({ status: "ok", part: "sync-server" });
    const ready = await fetch(`${httpOf(sync.server.url)}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: "ready", checks: { database: "ok" } });

    expect((await fetch(`${httpOf(sync.server.url)}/metrics`)).status).toBe(403);
    const metrics = await fetch(`${httpOf(sync.server.url)}/metrics`, {
      headers: { authorization: "Bearer sync-scrape-token" },
    });
    expect(metrics.status).toBe(200);
    const text = await metrics.text();
    expect(text).toMatch(/^chatflow_collab_connections\{part="sync-server"\} \d+$/m);
    expect(text).toMatch(/^chatflow_collab_documents\{part="sync-server"\} \d+$/m);

    const other = await sync.startServer();
    const stopping = other.stop();
    const draining = await fetch(`${httpOf(other.url)}/readyz`).catch(() => undefined);
    await stopping;
    // Either it still answered, saying it is draining, or its port had already closed: never "ready".
    if (draining) {
      expect(draining.status).toBe(503);
      expect(await draining.json()).toMatchObject({ status: "draining" });
    }
    await expect(fetch(`${httpOf(other.url)}/healthz`)).rejects.toThrow();
  });

  it("counts the shared Redis in readiness when it has one: ready while it answers, not ready when none does", async () => {
    const redisUrl = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
    const shared = await sync.startServer({ redisUrl, redisPrefix: `chatflow-test-${randomUUID()}` });
    const ready = await waitForReadiness(`${httpOf(shared.url)}/readyz`, 200);
    expect(ready).toMatchObject({ status: "ready", checks: { database: "ok", redis: "ok" } });
    // Nothing listens on port 1: the extension keeps retrying, and the instance says it is not ready.
    const cut = await sync.startServer({
      redisUrl: "redis://127.0.0.1:1",
      redisPrefix: `chatflow-test-${randomUUID()}`,
    });
    const unready = await waitForReadiness(`${httpOf(cut.url)}/readyz`, 503);
    expect(unready).toMatchObject({ status: "unavailable", checks: { database: "ok", redis: "unavailable" } });
  });

  it("shares documents through a Redis behind TLS (rediss://), checking its certificate", async () => {
    const tlsRedis = await redisBehindTls();
    try {
      const prefix = `chatflow-test-${randomUUID()}`;
      const trusting = await sync.startServer({
        redisUrl: `rediss://localhost:${tlsRedis.port}`,
        redisTlsCa: tlsRedis.cert,
        redisPrefix: prefix,
      });
      expect(await waitForReadiness(`${httpOf(trusting.url)}/readyz`, 200)).toMatchObject({
        checks: { database: "ok", redis: "ok" },
      });
      // A certificate nobody vouches for (no REDIS_TLS_CA, not a public CA's) is refused: not ready.
      const doubting = await sync.startServer({ redisUrl: `rediss://localhost:${tlsRedis.port}`, redisPrefix: prefix });
      expect(await waitForReadiness(`${httpOf(doubting.url)}/readyz`, 503)).toMatchObject({
        checks: { redis: "unavailable" },
      });
      expect(tlsRedis.handshakes()).toBeGreaterThan(0);
    } finally {
      await tlsRedis.close();
    }
  });
});

/**
 * The test's Redis behind a TLS relay on loopback, with a self-signed certificate for localhost (made by openssl):
 * what a managed Redis with TLS looks like to the sync server.
 */
async function redisBehindTls(): Promise<{ port: number; cert: string; handshakes(): number; close(): Promise<void> }> {
  const dir = mkdtempSync(path.join(tmpdir(), "chatflow-rediss-"));
  execFileSync(
    "openssl",
    [
      ...["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=localhost"],
      ...[
        "-addext",
        "subjectAltName=DNS:localhost",
        "-keyout",
        path.join(dir, "key.pem"),
        "-out",
        path.join(dir, "cert.pem"),
      ],
    ],
    { stdio: "ignore" },
  );
  const key = readFileSync(path.join(dir, "key.pem"), "utf8");
  const cert = readFileSync(path.join(dir, "cert.pem"), "utf8");
  rmSync(dir, { recursive: true, force: true });
  const target = new URL(process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379");
  const tlsRelay = await relay({ host: target.hostname, port: Number(target.port || 6379) }, { tls: { key, cert } });
  return { port: tlsRelay.port, cert, handshakes: () => tlsRelay.connections, close: tlsRelay.cut };
}

/** Asks `url` until it answers `status` (a Redis connection takes a moment), and answers the body then. */
async function waitForReadiness(url: string, status: number): Promise<unknown> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const res = await fetch(url);
    if (res.status === status) return res.json();
    if (Date.now() > deadline) throw new Error(`${url} kept answering ${res.status}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
