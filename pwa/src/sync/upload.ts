// Sends one queued media message: the file and the message go to core in one
// multipart request under the message's own id, which core treats as the
// idempotency key (a repeat after a lost answer stores nothing new). The entry
// leaves the outbox only once core has answered; its answer replaces the
// optimistic row. A refusal rolls the message back to failed; a failure to
// reach core (or a server error) keeps the entry for the next run.
import type { MessageDTO } from "@chatflow/core/contract/entities.ts";
import type { ErrorBody } from "@chatflow/core/contract/errors.ts";
import { ApiError } from "../api/errors.ts";
import type { ApiClient } from "../api/http.ts";
import type { ChatflowDb, OutboxEntry, UploadArgs } from "../store/db.ts";

export type UploadOutcome = { accepted: true } | { accepted: false; error: ErrorBody };

/** Statuses that say "not now" rather than "no": the entry stays and is sent again later. */
function retryable(err: ApiError): boolean {
  return err.status >= 500 || [401, 402, 408, 429].includes(err.status) || err.body?.error === "ERR_INVALID_TOKEN";
}

export function uploadForm(args: UploadArgs): FormData {
  const form = new FormData();
  form.append("id", args.id);
  form.append("body", args.caption);
  form.append("isPrivate", String(args.isPrivate));
  if (args.quotedMsgId) form.append("quotedMsg", args.quotedMsgId);
  form.append("medias", args.file, args.fileName);
  return form;
}

/** Throws (keeping the entry) when core could not be reached or failed; otherwise the entry is gone. */
export async function sendUpload(
  ctx: { db: ChatflowDb; api: ApiClient },
  entry: OutboxEntry & { args: UploadArgs },
): Promise<UploadOutcome> {
  const { args } = entry;
  let stored: MessageDTO | undefined;
  let refusal: ErrorBody | undefined;
  try {
    const answer = await ctx.api.postForm<{ messages: MessageDTO[] }>(`/messages/${args.ticketId}`, uploadForm(args));
    stored = answer.messages.find((m) => m.id === args.id);
  } catch (err) {
    if (!(err instanceof ApiError) || retryable(err)) throw err;
    refusal = err.body ?? { error: "ERR_INTERNAL", message: `HTTP ${err.status}` };
  }
  await ctx.db.transaction("rw", [ctx.db.outbox, ctx.db.messages], async () => {
    if (refusal) await ctx.db.messages.update(args.id, { ack: -1, errorCode: refusal.error });
    // The server's row (its mediaUrl, ack) replaces the optimistic one; the next pull brings it anyway.
    else if (stored) await ctx.db.messages.put(stored);
    await ctx.db.outbox.delete(entry.id);
  });
  return refusal ? { accepted: false, error: refusal } : { accepted: true };
}
