// Sends one queued media message: the file and the message go to core in one
// multipart request under the message's own id, which core treats as the
// idempotency key (a repeat after a lost answer stores nothing new). A button
// message with a header image goes the same way to its REST route, the image in
// base64 and the message id as the body's `id`. The entry
// leaves the outbox only once core has answered; its answer replaces the
// optimistic row. A refusal rolls the message back to failed; a failure to
// reach core (or a server error) keeps the entry for the next run.
import type { MessageDTO } from "@chatflow/core/contract/entities.ts";
import type { ErrorBody } from "@chatflow/core/contract/errors.ts";
import { ApiError } from "../api/errors.ts";
import type { ApiClient } from "../api/http.ts";
import type { ChatflowDb, InteractiveUploadArgs, MediaUploadArgs, OutboxEntry, UploadArgs } from "../store/db.ts";

export type UploadOutcome = { accepted: true } | { accepted: false; error: ErrorBody };

/** Statuses that say "not now" rather than "no": the entry stays and is sent again later. */
function retryable(err: ApiError): boolean {
  return err.status >= 500 || [401, 402, 408, 429].includes(err.status) || err.body?.error === "ERR_INVALID_TOKEN";
}

export function uploadForm(args: MediaUploadArgs): FormData {
  const form = new FormData();
  form.append("id", args.id);
  form.append("body", args.caption);
  form.append("isPrivate", String(args.isPrivate));
  if (args.quotedMsgId) form.append("quotedMsg", args.quotedMsgId);
  form.append("medias", args.file, args.fileName);
  return form;
}

/** The REST route of each headered kind (spec 1 §7 Interactive). */
const INTERACTIVE_PATHS = { copy: "copy", call: "call", url: "URL" } as const;

/** A Blob's bytes in base64 (in chunks: a spread of a whole image would overflow the call stack). */
export async function blobToBase64(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

async function postInteractive(api: ApiClient, args: InteractiveUploadArgs): Promise<MessageDTO> {
  const { type, request } = args.message;
  const body = { ...request, id: args.id, image: await blobToBase64(args.file) };
  return api.post<MessageDTO>(`/messages/${INTERACTIVE_PATHS[type]}/${args.ticketId}`, body);
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
    if (args.kind === "interactive") stored = await postInteractive(ctx.api, args);
    else {
      const answer = await ctx.api.postForm<{ messages: MessageDTO[] }>(`/messages/${args.ticketId}`, uploadForm(args));
      stored = answer.messages.find((m) => m.id === args.id);
    }
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
