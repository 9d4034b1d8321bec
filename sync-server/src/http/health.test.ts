// The sync server's probes: alive and ready on its own port beside the co-editing sockets, and not ready from the
// moment it starts stopping.
import { describe, expect, it } from "vitest";
import { syncForFile } from "../testing/sync-fixtures.ts";

const sync = syncForFile();
const httpOf = (ws: string) => ws.replace(/^ws/, "http");

describe("#sync.health", () => {
  it("answers /healthz and /readyz, and readiness turns to draining when it stops", async () => {
    const alive = await fetch(`${httpOf(sync.server.url)}/healthz`);
    expect(alive.status).toBe(200);
    expect(await alive.json()).toMatchObject({ status: "ok", part: "sync-server" });
    const ready = await fetch(`${httpOf(sync.server.url)}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: "ready", checks: { database: "ok" } });

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
