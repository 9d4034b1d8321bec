// Forwards WebSocket upgrades on /collab to the sync server (Hocuspocus), so
// the PWA reaches everything on one origin and one port.
import type { Server } from "node:http";
import net from "node:net";

export function proxyCollab(server: Server, syncUrl: string): void {
  const target = new URL(syncUrl);
  server.on("upgrade", (req, socket, head) => {
    if (!(req.url ?? "").startsWith("/collab")) return;
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
  });
}
