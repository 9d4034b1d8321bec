// Sending an interactive message (spec 1 §2 "interactive-message dialog"; list, URL button,
// copy-code, call-me, PIX), local-first like a text reply: the form is checked with core's own
// schema (the same messages core answers), the message appears at once (ack 0) with the body and
// payload core will store, and a sendInteractiveMessage mutation waits in the outbox. A button message
// with a header image waits instead as an upload entry holding the image (sync/upload.ts sends it by REST
// under the message's id, once), so it goes out offline too.
import type { MessageDTO, TicketDTO } from "@chatflow/core/contract/entities.ts";
import { interactivePayload } from "@chatflow/core/contract/message-payloads.ts";
import { INTERACTIVE_IMAGE_MAX_BYTES } from "@chatflow/core/contract/messages.ts";
import { type TSendInteractiveMessageArgs, ZSendInteractiveMessageArgsSchema } from "@chatflow/core/contract/sync.ts";
import type { z } from "zod";
import { type ChatflowDb, type HeaderedInteractive, type InteractiveUploadArgs, UPLOAD_ENTRY } from "../store/db.ts";
import { MediaRefused } from "./send-media.ts";
import { outgoingMessage, touchTicket } from "./send-message.ts";

/** The push's message field: `{type, request}` for each kind, without the REST-only header image. */
export const ZInteractiveMessageSchema = ZSendInteractiveMessageArgsSchema.shape.message;
export type InteractiveInput = z.input<typeof ZInteractiveMessageSchema>;
export type InteractiveKind = InteractiveInput["type"];
export type ParsedInteractive = TSendInteractiveMessageArgs["message"];

/** Checks a draft as core will; the issues' paths are relative to the request (`sections.0.rows.1.title`). */
export function parseInteractive(
  draft: InteractiveInput,
): { ok: true; message: ParsedInteractive } | { ok: false; error: z.ZodError } {
  const parsed = ZInteractiveMessageSchema.safeParse(draft);
  if (parsed.success) return { ok: true, message: parsed.data };
  for (const issue of parsed.error.issues) if (issue.path[0] === "request") issue.path.shift();
  return { ok: false, error: parsed.error };
}

/** The row core will store for this message (a PIX reference is core's; the device shows a placeholder). */
export function interactivePreview(message: ParsedInteractive) {
  return interactivePayload(message, "");
}

export type SendInteractiveInput = {
  ticket: Pick<TicketDTO, "id" | "contactId" | "companyId">;
  /** Already checked with parseInteractive. */
  message: ParsedInteractive;
  userId: number | null;
  /** A header image (copy, call and URL buttons only). */
  image?: File | null;
  now?: Date;
};

/** The kinds that can carry a header image. */
export const takesHeaderImage = (message: ParsedInteractive): message is HeaderedInteractive =>
  message.type === "copy" || message.type === "call" || message.type === "url";

/** Refused on this device as core would refuse it (core also checks the bytes are an image). */
export function checkHeaderImage(image: Blob): void {
  if (!image.type.startsWith("image/")) throw new MediaRefused("ERR_VALIDATION", "Invalid image");
  if (image.size > INTERACTIVE_IMAGE_MAX_BYTES) throw new MediaRefused("ERR_VALIDATION", "Image too large");
}

/** Stores the optimistic message and its mutation (or image upload) in one transaction; returns the message. */
export async function sendInteractive(db: ChatflowDb, input: SendInteractiveInput): Promise<MessageDTO> {
  const createdAt = (input.now ?? new Date()).toISOString();
  const payload = interactivePreview(input.message);
  const message = outgoingMessage(input, { ...payload, createdAt });
  // The parsed request travels: it is valid input too, and core stores what this row shows (PIX key with +55).
  const args: TSendInteractiveMessageArgs = { id: message.id, ticketId: message.ticketId, message: input.message };
  const image = input.image && takesHeaderImage(input.message) ? input.image : null;
  if (image) checkHeaderImage(image);
  await db.transaction("rw", [db.messages, db.tickets, db.outbox], async () => {
    await db.messages.add(message);
    await touchTicket(db, input.ticket.id, createdAt);
    if (image && takesHeaderImage(input.message)) {
      const upload: InteractiveUploadArgs = {
        kind: "interactive",
        id: message.id,
        ticketId: message.ticketId,
        file: image,
        fileName: image.name || "header",
        message: input.message,
      };
      await db.outbox.add({ name: UPLOAD_ENTRY, args: upload, queuedAt: createdAt });
    } else {
      await db.outbox.add({ name: "sendInteractiveMessage", args, queuedAt: createdAt });
    }
  });
  return message;
}
