// A stand-in for the Graph API's phone number node in tests: a real HTTP server on loopback that answers
// GET /{version}/{phone-number-id} as Meta does, for the access tokens a test says reach that number.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { closeServer, listenOnLoopback } from "./loopback-server.ts";

export type PhoneNumberLookup = { path: string; authorization: string | undefined };

export type FakeGraphPhoneNumbers = {
  /** The Graph API root, as GRAPH_API_URL would be. */
  url: string;
  /** Every lookup received, in order. */
  lookups: PhoneNumberLookup[];
  /** Lets `accessToken` reach `phoneNumberId` (several tokens may reach one number). */
  grant(phoneNumberId: string, accessToken: string): void;
  /** "ok" answers as Meta; "error" answers 500; "reset" drops the connection without an answer. */
  mode: "ok" | "error" | "reset";
  close(): Promise<void>;
};

function graphError(res: ServerResponse, status: number, message: string, code: number): void {
  res
    .writeHead(status, { "content-type": "application/json" })
    .end(JSON.stringify({ error: { message, type: "OAuthException", code, fbtrace_id: "fake" } }));
}

export async function startFakeGraphPhoneNumbers(): Promise<FakeGraphPhoneNumbers> {
  const grants = new Map<string, Set<string>>();
  const fake = {
    url: "",
    lookups: [] as PhoneNumberLookup[],
    mode: "ok" as FakeGraphPhoneNumbers["mode"],
    grant(phoneNumberId: string, accessToken: string) {
      const tokens = grants.get(phoneNumberId) ?? new Set<string>();
      tokens.add(accessToken);
      grants.set(phoneNumberId, tokens);
    },
  };

  function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", "http://fake");
    fake.lookups.push({ path: `${url.pathname}${url.search}`, authorization: req.headers.authorization });
    if (fake.mode === "reset") {
      req.socket.destroy();
      return;
    }
    if (fake.mode === "error") return graphError(res, 500, "An unexpected error has occurred.", 2);
    const m = /^\/v[\d.]+\/(\d+)$/.exec(url.pathname);
    if (req.method !== "GET" || !m) return graphError(res, 400, "Unknown path components", 2500);
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1];
    if (!token || token.startsWith("invalid")) return graphError(res, 401, "Invalid OAuth access token.", 190);
    if (!grants.get(m[1]!)?.has(token)) {
      // Meta answers the same for a number that does not exist and one the token may not read.
      return graphError(
        res,
        400,
        `Unsupported get request. Object with ID '${m[1]}' does not exist, cannot be loaded due to missing permissions`,
        100,
      );
    }
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ id: m[1] }));
  }

  const server = createServer(handle);
  fake.url = await listenOnLoopback(server);
  return Object.assign(fake, { close: () => closeServer(server) });
}
