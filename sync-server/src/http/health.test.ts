// The sync server's probes: alive and ready on its own port beside the co-editing sockets, and not ready from the
// moment it starts stopping.
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
});
