// One Meta connection's Graph API calls and state (decision 0093; issue 22), for every Meta channel the worker holds
// (WhatsApp Cloud API, Messenger, Instagram): calls made as the connection (its token), their answers judged by the one
// table of Graph errors, the token's check when the connection is taken and again once it stayed idle, and the state
// that follows (up, or down with Meta's reason). Neither channel has a session to open: the state is what the checks
// and the last calls told.
import { type ConnectionProblemReason, graphProblemOf } from "../contract/connection-state.ts";
import { SendError } from "../kernel/send-error.ts";
import type { GraphApiOptions } from "./graph-api.ts";
import { classifyGraphError } from "./graph-errors.ts";
import { classifyFetchError } from "./graph-send-errors.ts";
import { checkGraphToken } from "./graph-token-check.ts";

/** What a Graph connection tells of itself: up, or down. */
export type GraphConnectionStatus = "CONNECTED" | "DISCONNECTED";
/** Why it is down (whatsapps.status_reason without its `since`). */
export type GraphProblem = { reason: ConnectionProblemReason; detail: string; retryAt?: string | null };
/** Where its state goes (the worker's adapter events: the supervisor writes it under the lease). */
export type GraphStatusEvents = {
  onStatus(status: GraphConnectionStatus, detail?: { error?: string; problem?: GraphProblem }): void;
};
/** The connection, as far as its calls need it. */
export type GraphConnectionTarget = {
  id: number;
  channel: string;
  /** Cloud API: the sending phone number's id. */
  phoneNumberId: string | null;
  /** Facebook and Instagram: the page the Send API sends as. */
  pageId?: string | null;
  accessToken: string | null;
};
/** The part of a channel adapter that is the same for every Graph API channel: all but its sends. */
export type GraphLifecycle = {
  readonly connectionId: number;
  readonly idempotentSend: false;
  start(): Promise<void>;
  stop(): Promise<void>;
  status(): GraphConnectionStatus;
};

/** How long the Graph API may stay unreachable before the connection reads down (a blip is not a reason). */
export const UNREACHABLE_AFTER_MS = 60_000;
/** A connection that stays up has its state written again at most this often (core's check may have said otherwise). */
export const CONNECTED_REWRITE_MS = 30_000;
/**
 * How long a connection may go without a Graph API call before its token is checked again (GRAPH_TOKEN_CHECK_MINUTES):
 * Meta tells nobody when a token dies, so an idle connection would read up until its next send.
 */
export const TOKEN_CHECK_EVERY_MS = 15 * 60_000;
/** How often an idle connection looks whether its check is due: the check comes at most this late. */
const TOKEN_CHECK_TICK_MS = 60_000;

export type GraphConnectionOptions = {
  /** The Graph API, for the token's own check (GET /{node}?fields=id); without it nothing is checked. */
  graph?: Pick<GraphApiOptions, "url" | "version" | "timeoutMs">;
  /** UNREACHABLE_AFTER_MS by default. */
  unreachableAfterMs?: number;
  /**
   * The token is checked again once the connection made no Graph API call (nor check) for this long: at most once
   * in this time, never while it sends. TOKEN_CHECK_EVERY_MS by default; 0 checks only at start.
   */
  tokenCheckEveryMs?: number;
  now?: () => number;
};

/**
 * One connection's Graph API calls and status (decision 0093). `call` posts as the connection (its access token) and
 * answers the response with its JSON body (null when unreadable: the status alone then judges it). Any answer but a
 * connection problem means up; a refusal naming the token or a removed permission (core's graphProblemOf on the Meta
 * module's classification) means down with that reason, and the message waits (not delivered); a Graph API that
 * cannot be reached for UNREACHABLE_AFTER_MS means down too.
 */
export function graphConnection(
  connection: GraphConnectionTarget,
  events: GraphStatusEvents,
  o: GraphConnectionOptions = {},
): {
  call: <Answer>(
    url: string,
    body: string | FormData,
    timeoutMs: number,
  ) => Promise<{ res: Response; answer: Answer | null }>;
  lifecycle: GraphLifecycle;
} {
  const now = o.now ?? Date.now;
  const unreachableAfterMs = o.unreachableAfterMs ?? UNREACHABLE_AFTER_MS;
  let status: GraphConnectionStatus = "DISCONNECTED";
  let told = 0;
  let unreachableSince: number | null = null;
  let stopped = false;
  /** When the connection last asked the Graph API anything (a call or a check): an idle one is checked again. */
  let lastAsked = now();
  let checking = false;
  let timer: NodeJS.Timeout | undefined;
  const checkEveryMs = o.tokenCheckEveryMs ?? TOKEN_CHECK_EVERY_MS;

  const up = () => {
    unreachableSince = null;
    // Told again now and then: core's 'try again' may have written down meanwhile.
    if (status === "CONNECTED" && now() - told < CONNECTED_REWRITE_MS) return;
    status = "CONNECTED";
    told = now();
    events.onStatus("CONNECTED");
  };
  const down = (problem: GraphProblem) => {
    // Told every time: the write changes nothing when the row already says so.
    status = "DISCONNECTED";
    told = now();
    events.onStatus("DISCONNECTED", { error: problem.detail, problem });
  };

  /** Judges a call's answer: a connection problem throws (the message waits); anything else means the connection is up. */
  function judge(res: Response, answer: unknown): void {
    if (res.ok) {
      up();
      return;
    }
    const failure = classifyGraphError((answer as { error?: unknown } | null)?.error, res.status);
    const reason = graphProblemOf(failure);
    if (!reason) {
      up();
      return;
    }
    const detail = `Graph API ${res.status} code ${failure.code ?? "?"}${failure.subcode === null ? "" : `/${failure.subcode}`}: ${failure.message || "no detail"}`;
    down({ reason, detail: detail.slice(0, 300), retryAt: null });
    throw new SendError("retryable-not-delivered", detail);
  }

  function unreachable(detail: string): void {
    unreachableSince ??= now();
    if (now() - unreachableSince >= unreachableAfterMs) {
      down({ reason: "graph-unreachable", detail: detail.slice(0, 300), retryAt: null });
    }
  }

  async function call<Answer>(
    url: string,
    body: string | FormData,
    timeoutMs: number,
  ): Promise<{ res: Response; answer: Answer | null }> {
    const headers: Record<string, string> = { authorization: `Bearer ${connection.accessToken}` };
    if (typeof body === "string") headers["content-type"] = "application/json";
    lastAsked = now();
    let res: Response;
    try {
      res = await fetch(url, { method: "POST", headers, body, signal: AbortSignal.timeout(timeoutMs) });
    } catch (err) {
      const failure = classifyFetchError(err);
      if (failure.kind === "retryable-not-delivered") unreachable(failure.message);
      throw failure;
    }
    const answer = (await res.json().catch(() => null)) as Answer | null;
    judge(res, answer);
    return { res, answer };
  }

  /**
   * The token's own check (core's one check: the phone number or the page read with it), in the background of start
   * and again once the connection stayed idle for `tokenCheckEveryMs`: its answer is the connection's state. A Graph
   * API that does not answer counts toward UNREACHABLE_AFTER_MS, as a call's would.
   */
  async function check(): Promise<void> {
    const nodeId = connection.channel === "whatsappapi" ? connection.phoneNumberId : (connection.pageId ?? null);
    if (!o.graph || !nodeId || checking) return;
    checking = true;
    lastAsked = now();
    try {
      const channel = connection.channel as "whatsappapi" | "facebook" | "instagram";
      const answer = await checkGraphToken(o.graph, { channel, nodeId, accessToken: connection.accessToken });
      if (stopped) return;
      if (answer.ok) up();
      else if (answer.reason === "graph-unreachable") unreachable(answer.detail);
      else down({ reason: answer.reason, detail: answer.detail, retryAt: null });
    } finally {
      checking = false;
    }
  }

  /** Checks the token when nothing asked the Graph API for `checkEveryMs`: a revoked token is found while idle. */
  function checkWhenIdle(): void {
    if (!stopped && now() - lastAsked >= checkEveryMs) void check();
  }

  return {
    call,
    lifecycle: {
      connectionId: connection.id,
      idempotentSend: false,
      async start() {
        stopped = false;
        // Nothing to open: the token's check tells whether the connection works, without holding the start up.
        void check();
        if (checkEveryMs > 0 && o.graph && timer === undefined) {
          timer = setInterval(checkWhenIdle, Math.min(checkEveryMs, TOKEN_CHECK_TICK_MS));
          timer.unref();
        }
      },
      async stop() {
        stopped = true;
        clearInterval(timer);
        timer = undefined;
        status = "DISCONNECTED";
      },
      status: () => status,
    },
  };
}
