// Push: send the outbox to core in order and drop each entry only once the server
// has answered it. An entry whose answer was lost stays and is sent again; the
// server applies each (clientId, mutation id) once, so nothing is lost or doubled.
// Media uploads go by REST in their place in the order (upload.ts), deduped by the
// message id; the mutations around them are pushed in batches as before.
import type { ErrorBody } from "@chatflow/core/contract/errors.ts";
import type { MutationName, MutationResult, PushResponse, TPushRequest } from "@chatflow/core/contract/sync.ts";
import type { ApiClient } from "../api/http.ts";
import { type ChatflowDb, type OutboxEntry, UPLOAD_ENTRY, type UploadArgs } from "../store/db.ts";
import { getClientId } from "../store/meta.ts";
import { withLock } from "./lock.ts";
import { undoOptimistic } from "./optimistic.ts";
import { ROLLBACK_TABLES, ROLLBACKS } from "./rollbacks.ts";
import { sendUpload } from "./upload.ts";

type MutationEntry = OutboxEntry & { name: MutationName };
type UploadEntry = OutboxEntry & { name: typeof UPLOAD_ENTRY; args: UploadArgs };
const isUpload = (e: OutboxEntry): e is UploadEntry => e.name === UPLOAD_ENTRY;

/** The contract caps a push at 500 mutations. */
const BATCH_SIZE = 100;

export type PushContext = {
  db: ChatflowDb;
  api: ApiClient;
  /** Tells the person why a change was refused (a toast in the app). */
  onRejected?: (entry: OutboxEntry, error: ErrorBody) => void;
};

export type PushSummary = { accepted: number; rejected: number };

/** Pushes until the outbox is empty; throws (keeping every unanswered entry) if a request fails. */
export async function pushOutbox(ctx: PushContext): Promise<PushSummary> {
  return withLock("chatflow-push", async () => {
    const summary: PushSummary = { accepted: 0, rejected: 0 };
    for (;;) {
      const next = await ctx.db.outbox.orderBy("id").limit(BATCH_SIZE).toArray();
      if (next.length === 0) return summary;
      const first = next[0]!;
      if (isUpload(first)) {
        const outcome = await sendUpload(ctx, first);
        if (outcome.accepted) summary.accepted++;
        else {
          summary.rejected++;
          ctx.onRejected?.(first, outcome.error);
        }
        continue;
      }
      // The mutations before the next upload: that upload waits for them, so the order holds.
      const stop = next.findIndex(isUpload);
      const entries = (stop === -1 ? next : next.slice(0, stop)) as MutationEntry[];
      const request: TPushRequest = {
        clientId: await getClientId(ctx.db),
        mutations: entries.map((e) => ({ id: e.id, name: e.name, args: e.args })),
      };
      const response = await ctx.api.post<PushResponse>("/sync/push", request);
      const answered = await applyPushResults(ctx, entries, response.results ?? []);
      summary.accepted += answered.accepted;
      summary.rejected += answered.rejected;
      // A server that answered none of them would make this loop spin; try again on the next trigger.
      if (answered.accepted + answered.rejected === 0) return summary;
    }
  });
}

async function applyPushResults(
  ctx: PushContext,
  entries: MutationEntry[],
  results: MutationResult[],
): Promise<PushSummary> {
  const byId = new Map(entries.map((e) => [e.id, e]));
  const rejected: { entry: MutationEntry; error: ErrorBody }[] = [];
  let accepted = 0;
  await ctx.db.transaction("rw", [ctx.db.outbox, ...ROLLBACK_TABLES.map((t) => ctx.db[t])], async () => {
    for (const result of results) {
      const entry = byId.get(result.id);
      if (!entry) continue;
      if (result.ok) {
        accepted++;
      } else {
        await undoOptimistic(ctx.db, entry);
        await ROLLBACKS[entry.name]?.(ctx.db, entry.args, result.error);
        rejected.push({ entry, error: result.error });
      }
      // Answered either way: removing it in the same transaction as the rollback keeps them in step.
      await ctx.db.outbox.delete(entry.id);
    }
  });
  for (const { entry, error } of rejected) ctx.onRejected?.(entry, error);
  return { accepted, rejected: rejected.length };
}
