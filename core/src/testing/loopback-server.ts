// The test stand-ins for outside services (Graph API, Typebot, OpenAI...) are real HTTP servers on loopback: started
// on a free port, and closed with their kept-alive connections so a test's end never waits on an idle socket.
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";

/** Listens on a free loopback port; answers the server's base URL. */
export async function listenOnLoopback(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

export function closeServer(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise<void>((resolve) => server.close(() => resolve()));
}
