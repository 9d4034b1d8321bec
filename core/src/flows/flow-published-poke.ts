// Core's word to the sync server that a flow was published (decision 0107): its live document takes the publish
// into the drawing at once (sync-server/src/http/flow-published.ts). The publish does not wait on it: a sync
// server that is down or unset misses nothing, since a drawing takes any publish it lacks in as it loads or
// stores.
import { logger } from "../kernel/logger.ts";

const PATH = "/internal/flow-published";
const TIMEOUT_MS = 10_000;

export type FlowPublishedPoke = (token: string, flowId: number) => Promise<void>;

export function flowPublishedPoke(syncUrl: string | undefined): FlowPublishedPoke {
  if (!syncUrl) return async () => {};
  const url = new URL(PATH, syncUrl.replace(/^ws(s?):/, "http$1:"));
  return async (token, flowId) => {
    try {
      const res = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
        body: JSON.stringify({ flowId }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      if (!res.ok) logger.warn({ flowId, status: res.status }, "flow publish not drawn live");
      await res.body?.cancel();
    } catch (err) {
      logger.warn({ flowId, reason: (err as Error).message }, "flow publish not drawn live");
    }
  };
}
