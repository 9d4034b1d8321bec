// What the adapters that send through Meta's Graph API share (WhatsApp Cloud, Messenger and Instagram): its address
// and timeouts, how a failed request is judged, and the connection's status. Neither has a session to open, so the
// status is what the last call told: a request that never reached Meta means down, any answer means up.
import {
  DEFAULT_GRAPH_API,
  type GraphApiOptions,
  graphFetchFailure,
  UPLOAD_TIMEOUT_MS,
} from "@chatflow/core/meta/graph-api.ts";
import {
  type AdapterEvents,
  type ChannelAdapter,
  type ChannelConnection,
  type ConnectionStatus,
  SendError,
} from "./adapter.ts";

// The Graph API's options and the judging of failures live in core's Meta module (decision 0092); the adapters
// import them from here as before.
export { DEFAULT_GRAPH_API, type GraphApiOptions, UPLOAD_TIMEOUT_MS };

/** Classifies a fetch rejection: only failures before the connection existed are certainly not delivered. */
export function classifyFetchError(err: unknown): SendError {
  const failure = graphFetchFailure(err);
  return new SendError(failure.reached ? "retryable-maybe-delivered" : "retryable-not-delivered", failure.message, {
    cause: err,
  });
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
