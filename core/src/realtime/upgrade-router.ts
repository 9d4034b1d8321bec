// The one place that decides which handler a WebSocket upgrade on core's port
// reaches (/ws: the realtime hub; /collab: the co-editing proxy). Anything else is
// answered 404 and its socket closed, so no upgrade is ever left hanging.
import type { IncomingMessage, Server } from "node:http";
import type { Duplex } from "node:stream";

export type UpgradeHandler = (req: IncomingMessage, socket: Duplex, head: Buffer) => void;
export type UpgradeRoute = "ws" | "collab";

/**
 * The route of a request target, or null. A path that normalisation would change
 * (dot segments, encoded dots, backslashes, doubled slashes resolved differently by
 * a proxy) reaches nothing: `/ws/../collab` must not be read as /collab by one
 * reader and as /ws by another.
 */
export function upgradeRoute(target: string | undefined): UpgradeRoute | null {
  const raw = (target ?? "").split(/[?#]/, 1)[0]!;
  if (!raw.startsWith("/") || raw.startsWith("//")) return null;
  let normalised: string;
  try {
    normalised = new URL(raw, "http://localhost").pathname;
  } catch {
    return null;
  }
  if (normalised !== raw || raw.includes("//") || /%2e|%2f|%5c/i.test(raw)) return null;
  if (raw === "/ws") return "ws";
  if (raw === "/collab" || raw.startsWith("/collab/")) return "collab";
  return null;
}

/** Answers an upgrade no handler takes: a plain 404, then the socket is gone. */
export function refuseUpgrade(socket: Duplex, status = "404 Not Found"): void {
  if (socket.destroyed) return;
  socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  // end() waits for the peer to read; a client that never does must not keep the descriptor.
  setTimeout(() => socket.destroy(), 1000).unref();
}

/**
 * Installs the single upgrade listener; a route without a handler (no sync server configured) is a 404. Answers
 * a function that cuts the upgraded sockets still open, for a stopping core: their clients reconnect elsewhere,
 * and the listener's close, which waits for every connection, is not held up by a co-editing tunnel.
 */
export function routeUpgrades(server: Server, handlers: Partial<Record<UpgradeRoute, UpgradeHandler>>): () => void {
  const open = new Set<Duplex>();
  server.on("upgrade", (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    open.add(socket);
    socket.once("close", () => open.delete(socket));
    // A reset from the peer must not become an uncaught error on a socket no one listens to yet.
    socket.on("error", () => socket.destroy());
    const route = upgradeRoute(req.url);
    const handler = route ? handlers[route] : undefined;
    if (!handler) {
      refuseUpgrade(socket);
      return;
    }
    handler(req, socket, head);
  });
  return () => {
    for (const socket of open) socket.destroy();
  };
}
