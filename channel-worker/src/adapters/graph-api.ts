// What the adapters that send through Meta's Graph API share (WhatsApp Cloud, Messenger and Instagram): its address
// and timeouts, how a failed request is judged, and the connection's status. Neither has a session to open, so the
// status is what the last call told: a request that never reached Meta means down, any answer means up.
import { GRAPH_API_URL, GRAPH_API_VERSION } from "@chatflow/core/contract/graph-api.ts";
import {
  type AdapterEvents,
  type ChannelAdapter,
  type ChannelConnection,
  type ConnectionStatus,
  SendError,
} from "./adapter.ts";

export type GraphApiOptions = {
  /** Base URL of the Graph API; tests point it at a fake on loopback. */
  url: string;
  /** Graph API version path segment. */
  version: string;
  /** Whole-request timeout. Longer than undici's 10 s connect timeout, so a connect timeout is told apart. */
  timeoutMs: number;
  /** Whole-upload timeout for media (files up to 100 MB); UPLOAD_TIMEOUT_MS by default. */
  uploadTimeoutMs?: number;
  /** From which try a failed upload fails its message for good; UPLOAD_ATTEMPTS by default. */
  uploadAttempts?: number;
};

export const UPLOAD_TIMEOUT_MS = 180_000;

export const DEFAULT_GRAPH_API: GraphApiOptions = {
  url: GRAPH_API_URL,
  version: GRAPH_API_VERSION,
  timeoutMs: 20_000,
};

/** Socket error codes meaning no byte of the request reached the server. */
const NOT_CONNECTED = new Set([
  "ECONNREFUSED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENETDOWN",
  "EADDRNOTAVAIL",
  "UND_ERR_CONNECT_TIMEOUT",
]);

function errorCodes(err: unknown): string[] {
  const cause = (err as { cause?: { code?: unknown; errors?: { code?: unknown }[] } } | undefined)?.cause;
  if (!cause) return [];
  // Happy eyeballs tries several addresses and reports them together.
  if (Array.isArray(cause.errors)) return cause.errors.map((e) => String(e.code ?? ""));
  return [String(cause.code ?? "")];
}

/** Classifies a fetch rejection: only failures before the connection existed are certainly not delivered. */
export function classifyFetchError(err: unknown): SendError {
  const codes = errorCodes(err);
  if (codes.length > 0 && codes.every((c) => NOT_CONNECTED.has(c))) {
    return new SendError("retryable-not-delivered", `Graph API unreachable (${codes.join(", ")})`, { cause: err });
  }
  const name = (err as { name?: string } | undefined)?.name;
  const what = name === "TimeoutError" ? "timed out" : `failed (${codes.join(", ") || String(err)})`;
  return new SendError("retryable-maybe-delivered", `Graph API request ${what}`, { cause: err });
}

/** The part of an adapter that is the same for every Graph API channel: all but `send`. */
export type GraphLifecycle = Omit<ChannelAdapter, "send" | "request" | "amend">;

/**
 * One connection's Graph API calls and status. `call` posts as the connection (its access token) and answers the
 * response with its JSON body (null when unreadable: the status alone then judges it).
 */
export function graphConnection(
  connection: ChannelConnection,
  events: AdapterEvents,
): {
  call: <Answer>(
    url: string,
    body: string | FormData,
    timeoutMs: number,
  ) => Promise<{ res: Response; answer: Answer | null }>;
  lifecycle: GraphLifecycle;
} {
  let status: ConnectionStatus = "DISCONNECTED";
  const setStatus = (next: ConnectionStatus, error?: string) => {
    if (next === status) return;
    status = next;
    events.onStatus(next, error ? { error } : undefined);
  };

  async function call<Answer>(
    url: string,
    body: string | FormData,
    timeoutMs: number,
  ): Promise<{ res: Response; answer: Answer | null }> {
    const headers: Record<string, string> = { authorization: `Bearer ${connection.accessToken}` };
    if (typeof body === "string") headers["content-type"] = "application/json";
    let res: Response;
    try {
      res = await fetch(url, { method: "POST", headers, body, signal: AbortSignal.timeout(timeoutMs) });
    } catch (err) {
      const failure = classifyFetchError(err);
      if (failure.kind === "retryable-not-delivered") setStatus("DISCONNECTED", failure.message);
      throw failure;
    }
    const answer = (await res.json().catch(() => null)) as Answer | null;
    setStatus("CONNECTED");
    return { res, answer };
  }

  return {
    call,
    lifecycle: {
      connectionId: connection.id,
      idempotentSend: false,
      async start() {
        // Nothing to open: the first send tells whether the Graph API is reachable.
        setStatus("CONNECTED");
      },
      async stop() {
        setStatus("DISCONNECTED");
      },
      status: () => status,
    },
  };
}
