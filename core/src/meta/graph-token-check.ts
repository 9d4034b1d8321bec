// The one check that proves a Graph API connection's token still works (issue 22; decision 0093): the Cloud API reads
// its phone number (GET /{phone-number-id}?fields=id), Facebook and Instagram read their page (GET /{page-id}?fields=id)
// with the page token. Core runs it for 'try again', the worker when it takes a connection and when one stayed idle
// (graph-connection.ts); its answer is the connection's state: up, or down with the reason Meta gave. An outside
// call: never inside a transaction.
import { type ConnectionProblemReason, graphProblemOf } from "../contract/connection-state.ts";
import type { GraphApi } from "./graph-api.ts";
import { classifyGraphError } from "./graph-errors.ts";

/** What the check reads: a Graph channel's node and its token. */
export type GraphTokenTarget = {
  channel: "whatsappapi" | "facebook" | "instagram";
  /** The phone number id (Cloud API) or page id (Facebook, Instagram). */
  nodeId: string | null;
  accessToken: string | null;
};

export type GraphTokenCheck = { ok: true } | { ok: false; reason: ConnectionProblemReason; detail: string };

const DEFAULT_TIMEOUT_MS = 10_000;

/** Meta's words for the refusal, short, for the admins (ConnectionProblem.detail). */
function graphErrorDetail(status: number, body: { error?: unknown } | null): string {
  const f = classifyGraphError(body?.error, status);
  const code = f.code === null ? "" : ` code ${f.code}${f.subcode === null ? "" : `/${f.subcode}`}`;
  return `Graph API ${status}${code}: ${f.message || "no detail"}`.slice(0, 300);
}
const NODE_ID = /^\d{1,32}$/;

export async function checkGraphToken(graph: GraphApi, target: GraphTokenTarget): Promise<GraphTokenCheck> {
  if (!target.accessToken || !target.nodeId || !NODE_ID.test(target.nodeId)) {
    return { ok: false, reason: "token-revoked", detail: "no access token or id stored" };
  }
  const url = `${graph.url.replace(/\/+$/, "")}/${graph.version}/${target.nodeId}?fields=id`;
  let res: Response;
  try {
    res = await fetch(url, {
      headers: { authorization: `Bearer ${target.accessToken}`, accept: "application/json" },
      redirect: "error",
      signal: AbortSignal.timeout(graph.timeoutMs ?? DEFAULT_TIMEOUT_MS),
    });
  } catch (err) {
    return { ok: false, reason: "graph-unreachable", detail: `Graph API unreachable: ${(err as Error).message}` };
  }
  const body = (await res.json().catch(() => null)) as { id?: unknown; error?: unknown } | null;
  if (res.ok && body?.id === target.nodeId) return { ok: true };
  const detail = graphErrorDetail(res.status, body);
  if (res.status >= 500 || res.status === 429) return { ok: false, reason: "graph-unreachable", detail };
  const reason = graphProblemOf(classifyGraphError(body?.error, res.status), true);
  // Any other refusal of the token's own node (the number or page no longer reachable with it) means it cannot work.
  return { ok: false, reason: reason ?? "permission-removed", detail };
}
