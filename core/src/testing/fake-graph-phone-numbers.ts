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
  /**
   * Makes `accessToken` refused as Meta refuses a dead token (Graph API "Handling Errors": code 190, type
   * OAuthException): subcode 463 expired, 460 invalidated by a password change (any other: revoked).
   */
  revoke(accessToken: string, subcode: 463 | 460 | 458 | 467): void;
  /** "ok" answers as Meta; "error" answers 500; "reset" drops the connection without an answer. */
  mode: "ok" | "error" | "reset";
  close(): Promise<void>;
};

function graphError(res: ServerResponse, status: number, message: string, code: number, subcode?: number): void {
  res.writeHead(status, { "content-type": "application/json" }).end(
    JSON.stringify({
      error: {
        message,
        type: "OAuthException",
        code,
        ...(subcode ? { error_subcode: subcode } : {}),
        fbtrace_id: "fake",
      },
    }),
  );
}

/** Meta's messages for a dead token by subcode (as the Graph API words them). */
export const DEAD_TOKEN_MESSAGES: Record<number, string> = {
  463: "Error validating access token: Session has expired on Monday, 07-Dec-26 09:00:00 PST. The current time is Monday, 07-Dec-26 10:00:00 PST.",
  460: "Error validating access token: The session has been invalidated because the user changed their password or Facebook has changed the session for security reasons.",
  458: "Error validating access token: The user has not authorized application.",
  467: "Invalid OAuth access token - Cannot parse access token",
};

export async function startFakeGraphPhoneNumbers(): Promise<FakeGraphPhoneNumbers> {
  const grants = new Map<string, Set<string>>();
  const revoked = new Map<string, number>();
  const fake = {
    url: "",
    lookups: [] as PhoneNumberLookup[],
    mode: "ok" as FakeGraphPhoneNumbers["mode"],
    grant(phoneNumberId: string, accessToken: string) {
      const tokens = grants.get(phoneNumberId) ?? new Set<string>();
      tokens.add(accessToken);
      grants.set(phoneNumberId, tokens);
    },
    revoke(accessToken: string, subcode: number) {
      revoked.set(accessToken, subcode);
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
    const dead = revoked.get(token);
    if (dead) return graphError(res, 400, DEAD_TOKEN_MESSAGES[dead] ?? "Error validating access token.", 190, dead);
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
