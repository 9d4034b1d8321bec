// The WhatsApp Cloud API adapter (channel whatsappapi): sends through the Graph
// API messages endpoint. Inbound messages and statuses arrive through core's
// webhook, so there is no session to open and nothing to receive here.
import {
  type AdapterEvents,
  type ChannelAdapter,
  type ChannelConnection,
  type ConnectionStatus,
  type OutboundMessage,
  SendError,
} from "./adapter.ts";

export type GraphApiOptions = {
  /** Base URL of the Graph API; tests point it at a fake on loopback. */
  url: string;
  /** Graph API version path segment. */
  version: string;
  /** Whole-request timeout. Longer than undici's 10 s connect timeout, so a connect timeout is told apart. */
  timeoutMs: number;
};

export const DEFAULT_GRAPH_API: GraphApiOptions = {
  url: "https://graph.facebook.com",
  version: "v21.0",
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

/** Graph error codes that refuse a message without taking it (throttling): safe to resend later. */
const THROTTLED = new Set([4, 80007, 130429, 131056]);

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

type GraphAnswer = { messages?: { id?: string }[]; error?: { code?: number; message?: string } };

/** Classifies a Graph API answer that is not a success. */
export function classifyHttpError(status: number, answer: GraphAnswer | null): SendError {
  const code = answer?.error?.code;
  const detail = `Graph API ${status}${code ? ` code ${code}` : ""}: ${answer?.error?.message ?? "no detail"}`;
  if (status === 429 || (code !== undefined && THROTTLED.has(code))) {
    return new SendError("retryable-not-delivered", detail);
  }
  if (status >= 400 && status < 500) return new SendError("permanent", detail);
  return new SendError("retryable-maybe-delivered", detail);
}

export function whatsappCloudAdapter(
  connection: ChannelConnection,
  events: AdapterEvents,
  graph: GraphApiOptions = DEFAULT_GRAPH_API,
): ChannelAdapter {
  let status: ConnectionStatus = "DISCONNECTED";
  const setStatus = (next: ConnectionStatus, error?: string) => {
    if (next === status) return;
    status = next;
    events.onStatus(next, error ? { error } : undefined);
  };
  const endpoint = `${graph.url.replace(/\/+$/, "")}/${graph.version}/${connection.phoneNumberId}/messages`;

  return {
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
    async send(message: OutboundMessage) {
      if (message.mediaType !== "chat") {
        throw new SendError("permanent", `media type ${message.mediaType} is not sent through the Cloud API yet`);
      }
      const body = {
        messaging_product: "whatsapp",
        recipient_type: "individual",
        to: message.to,
        type: "text",
        text: { body: message.body },
        ...(message.quotedRemoteId ? { context: { message_id: message.quotedRemoteId } } : {}),
      };
      let res: Response;
      try {
        res = await fetch(endpoint, {
          method: "POST",
          headers: { authorization: `Bearer ${connection.accessToken}`, "content-type": "application/json" },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(graph.timeoutMs),
        });
      } catch (err) {
        const failure = classifyFetchError(err);
        if (failure.kind === "retryable-not-delivered") setStatus("DISCONNECTED", failure.message);
        throw failure;
      }
      let answer: GraphAnswer | null = null;
      try {
        answer = (await res.json()) as GraphAnswer;
      } catch {
        // An unreadable answer: judged by its status alone.
      }
      // Any answer at all means the Graph API is reachable.
      setStatus("CONNECTED");
      if (!res.ok) throw classifyHttpError(res.status, answer);
      const remoteId = answer?.messages?.[0]?.id;
      if (!remoteId) {
        throw new SendError("retryable-maybe-delivered", `Graph API ${res.status} answered without a message id`);
      }
      return { remoteId };
    },
  };
}
