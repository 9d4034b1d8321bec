// A stand-in for the Graph API in tests: a real HTTP server on loopback that
// records every request it receives and answers like the messages endpoint.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export type GraphRequest = {
  method: string;
  path: string;
  /** The phone number id from /{version}/{phone_number_id}/messages. */
  phoneNumberId: string;
  authorization: string | undefined;
  body: { to?: string; type?: string; text?: { body?: string }; [k: string]: unknown };
};

/** What the fake answers a request with; the default is a success with a fresh wamid. */
export type GraphReply = { status: number; body: unknown } | { delayMs: number; then?: GraphReply };

export type FakeGraphApi = {
  url: string;
  port: number;
  requests: GraphRequest[];
  /** Overrides the answer (per request); return undefined for the default success. */
  reply: ((req: GraphRequest) => GraphReply | undefined) | null;
  /** Closes the port (and every open connection): the next connect is refused. */
  close(): Promise<void>;
  /** Listens again on the same port (no-op while open). */
  reopen(): Promise<void>;
};

export async function startFakeGraphApi(port = 0): Promise<FakeGraphApi> {
  let served = 0;
  let server: Server | null = null;
  const fake: FakeGraphApi = {
    url: "",
    port,
    requests: [],
    reply: null,
    async close() {
      const s = server;
      server = null;
      if (!s) return;
      s.closeAllConnections();
      await new Promise<void>((resolve) => s.close(() => resolve()));
    },
    async reopen() {
      if (!server) await listen(fake.port);
    },
  };

  async function answer(req: GraphRequest, res: ServerResponse, reply: GraphReply | undefined): Promise<void> {
    if (reply && "delayMs" in reply) {
      await new Promise((r) => setTimeout(r, reply.delayMs));
      return answer(req, res, reply.then);
    }
    const { status, body } = reply ?? {
      status: 200,
      body: {
        messaging_product: "whatsapp",
        contacts: [{ input: req.body.to, wa_id: req.body.to }],
        messages: [{ id: `wamid.FAKE${++served}` }],
      },
    };
    res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    let body: GraphRequest["body"] = {};
    try {
      body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
    } catch {
      /* recorded as empty */
    }
    const path = req.url ?? "";
    const recorded: GraphRequest = {
      method: req.method ?? "",
      path,
      phoneNumberId: path.split("/")[2] ?? "",
      authorization: req.headers.authorization,
      body,
    };
    fake.requests.push(recorded);
    if (req.method !== "POST" || !/^\/v[\d.]+\/[^/]+\/messages$/.test(path)) {
      return answer(recorded, res, {
        status: 400,
        body: { error: { message: "Unsupported request", type: "GraphMethodException", code: 100 } },
      });
    }
    return answer(recorded, res, fake.reply?.(recorded));
  }

  async function listen(p: number): Promise<void> {
    const s = createServer((req, res) => {
      handle(req, res).catch(() => res.destroy());
    });
    await new Promise<void>((resolve, reject) => {
      s.once("error", reject);
      s.listen(p, "127.0.0.1", () => resolve());
    });
    server = s;
    fake.port = (s.address() as AddressInfo).port;
    fake.url = `http://127.0.0.1:${fake.port}`;
  }

  await listen(port);
  return fake;
}

/** The texts the fake received, in arrival order. */
export const sentTexts = (fake: FakeGraphApi): string[] => fake.requests.map((r) => r.body.text?.body ?? "");
