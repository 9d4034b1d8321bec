// Forwards WebSocket upgrades on /collab to the sync server (Hocuspocus), so
// the PWA reaches everything on one origin and one port. upgrade-router.ts
// decides which upgrades come here.
import net from "node:net";
import type { UpgradeHandler } from "./upgrade-router.ts";

export function collabProxy(syncUrl: string): UpgradeHandler {
  const target = new URL(syncUrl);
  return (req, socket, head) => {
    const upstream = net.connect(Number(target.port || 80), target.hostname, () => {
      const lines = [`${req.method} ${req.url} HTTP/${req.httpVersion}`];
      for (let i = 0; i < req.rawHeaders.length; i += 2) lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
      upstream.write(`${lines.join("\r\n")}\r\n\r\n`);
      if (head.length > 0) upstream.write(head);
      upstream.pipe(socket);
      socket.pipe(upstream);
    });
    const close = () => {
      upstream.destroy();
      socket.destroy();
    };
    upstream.on("error", close);
    socket.on("error", close);
    upstream.on("close", close);
    socket.on("close", close);
  };
}
