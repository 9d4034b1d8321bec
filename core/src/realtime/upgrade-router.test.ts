import { readdirSync } from "node:fs";
import net from "node:net";
import { describe, expect, it } from "vitest";
import { buildCompany } from "../testing/factories.ts";
import { coreForFile, forFile } from "../testing/test-world.ts";
import { signedIn } from "../testing/users-factories.ts";
import { upgradeRoute } from "./upgrade-router.ts";

// A stand-in sync server on loopback: it counts every connection the collab proxy opens to it.
let collabConnections = 0;
const syncServer = forFile(
  async () => {
    const server = net.createServer((s) => {
      collabConnections++;
      s.destroy();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    return server;
  },
  { stop: (server) => new Promise((resolve) => server.close(resolve)) },
);
const core = coreForFile(() => ({
  syncUrl: `ws://127.0.0.1:${(syncServer.address() as net.AddressInfo).port}`,
}));

/**
 * Sends a raw WebSocket upgrade and answers what came back once the server closed the socket
 * (or, with `headOnly`, once the answer's head arrived: an accepted socket stays open).
 */
const upgrade = (target: string, headOnly = false) =>
  new Promise<string>((resolve, reject) => {
    const socket = net.connect(core.port, "127.0.0.1", () => {
      socket.write(
        `GET ${target} HTTP/1.1\r\nHost: localhost\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n` +
          "Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n",
      );
    });
    let text = "";
    socket.on("data", (d) => {
      text += String(d);
      if (headOnly && text.includes("\r\n\r\n")) socket.destroy();
    });
    socket.on("error", reject);
    socket.on("close", () => resolve(text));
  });

const openFds = () => readdirSync("/proc/self/fd").length;

describe("upgrade routing", () => {
  it("routes only the exact, already-normal paths", () => {
    expect(upgradeRoute("/ws?token=x")).toBe("ws");
    expect(upgradeRoute("/collab")).toBe("collab");
    expect(upgradeRoute("/collab/company/1/quick-messages/1")).toBe("collab");
    for (const odd of [
      "/ws/../collab",
      "/collab/../ws",
      "/ws/%2e%2e/collab",
      "/collab/%2E%2E/ws",
      "/collab/./x",
      "/./ws",
      "/ws/",
      "//ws",
      "/collab//x",
      "/collab\\..\\ws",
      "/collabx",
      "/wsx",
      "*",
      "http://evil/ws",
      "",
    ]) {
      expect(upgradeRoute(odd), odd).toBeNull();
    }
  });

  it("answers /ws/../collab and /collab/../ws with 404 and reaches neither the hub nor the sync server", async () => {
    const company = await buildCompany(core.db.pool);
    const u = await signedIn(core, { companyId: company.id });
    // A valid token: had the hub taken either request it would have answered 101.
    for (const target of [`/collab/../ws?token=${u.token}`, `/ws/../collab?token=${u.token}`, "/ws/%2e%2e/collab"]) {
      expect(await upgrade(target)).toMatch(/^HTTP\/1\.1 404 /);
    }
    expect(await upgrade(`/ws?token=${u.token}`, true)).toMatch(/^HTTP\/1\.1 101 /);
    expect(collabConnections).toBe(0);
    // The sync server's own route still gets through.
    await upgrade("/collab");
    expect(collabConnections).toBe(1);
  });

  it("closes every socket of a 20,000-request flood of odd upgrade paths", { timeout: 120_000 }, async () => {
    const before = openFds();
    const odd = ["/ws/../collab", "/nothing", "/collab/../ws", "/ws/./", "/%2e%2e/ws"];
    const total = 20_000;
    let sent = 0;
    let refused = 0;
    const worker = async () => {
      while (sent < total) {
        const target = odd[sent++ % odd.length]!;
        if ((await upgrade(target)).startsWith("HTTP/1.1 404 ")) refused++;
      }
    };
    await Promise.all(Array.from({ length: 50 }, worker));
    // Each request resolved only once the server closed its socket; no descriptor is left behind.
    expect(refused).toBe(total);
    expect(openFds() - before).toBeLessThan(20);
    expect(collabConnections).toBe(1);
  });
});
