// A stand-in for Meta's Graph API on loopback: records every request and
// answers the messages endpoint like the real one. Can be stopped and started
// again on the same port to play a connection that drops.
import http from "node:http";
import type { AddressInfo } from "node:net";

// biome-ignore lint/suspicious/noExplicitAny: requests of any shape are recorded as they came
export type GraphRequest = { method: string; path: string; auth: string | undefined; body: any };

export type GraphFake = {
  url: string;
  requests: GraphRequest[];
  /** Sends to the messages endpoint, in order. */
  sends(): GraphRequest[];
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
};

export async function startGraphFake(port = 0): Promise<GraphFake> {
  const requests: GraphRequest[] = [];
  let counter = 0;
  let server: http.Server | undefined;
  let boundPort = port;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server = http.createServer((req, res) => {
        let raw = "";
        req.on("data", (c) => {
          raw += c;
        });
        req.on("end", () => {
          let body: unknown = raw;
          try {
            body = raw ? JSON.parse(raw) : undefined;
          } catch {
            /* keep raw */
          }
          requests.push({ method: req.method ?? "", path: req.url ?? "", auth: req.headers.authorization, body });
          if (req.method === "POST" && /\/messages$/.test(req.url ?? "")) {
            counter += 1;
            res.writeHead(200, { "content-type": "application/json" });
            res.end(
              JSON.stringify({
                messaging_product: "whatsapp",
                contacts: [{ input: (body as { to?: string })?.to, wa_id: (body as { to?: string })?.to }],
                messages: [{ id: `wamid.fake.${counter}` }],
              }),
            );
            return;
          }
          res.writeHead(404, { "content-type": "application/json" });
          res.end(JSON.stringify({ error: { message: "Unknown path", code: 100 } }));
        });
      });
      server.once("error", reject);
      server.listen(boundPort, "127.0.0.1", () => {
        boundPort = (server!.address() as AddressInfo).port;
        resolve();
      });
    });
  await listen();
  const stop = () =>
    new Promise<void>((resolve) => {
      if (!server) return resolve();
      server.closeAllConnections();
      server.close(() => resolve());
      server = undefined;
    });
  return {
    url: `http://127.0.0.1:${boundPort}`,
    requests,
    sends: () => requests.filter((r) => r.method === "POST" && r.path.endsWith("/messages")),
    stop,
    start: listen,
    close: stop,
  };
}
