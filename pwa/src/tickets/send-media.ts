// Sending a file (image, audio, video, document), local-first like a text reply:
// the message appears at once (ack 0, clock) and an upload entry keeps the file
// itself as a Blob in the outbox until core has stored the message, so a file
// picked offline goes out once the network is back, after a reload too.
import type { MessageDTO, TicketDTO } from "@chatflow/core/contract/entities.ts";
import type { ErrorCode } from "@chatflow/core/contract/errors.ts";
import { MEDIA_MAX_BYTES, MESSAGE_BODY_MAX } from "@chatflow/core/contract/messages.ts";
import { type ChatflowDb, UPLOAD_ENTRY, type UploadArgs } from "../store/db.ts";
import { outgoingMessage, touchTicket } from "./send-message.ts";

export type SendMediaInput = {
  ticket: Pick<TicketDTO, "id" | "contactId" | "companyId">;
  /** The picked, dropped, pasted or recorded file. */
  file: Blob;
  /** Its name; a File carries one, a recording (a plain Blob) needs it given. */
  fileName?: string;
  caption?: string;
  userId: number | null;
  /** An internal note: stays in the inbox. */
  isPrivate?: boolean;
  quotedMsgId?: string | null;
  now?: Date;
};

/** Refused on this device before anything is stored; errorText shows it like the server's code. */
export class MediaRefused extends Error {
  readonly error: ErrorCode;
  constructor(error: ErrorCode, message: string) {
    super(message);
    this.name = "MediaRefused";
    this.error = error;
  }
}

/** The message kind core gives a file of this MIME type (core's mediaTypeOfMime). */
export function mediaTypeOf(mime: string): "image" | "audio" | "video" | "application" {
  const top = mime.split("/")[0]?.toLowerCase();
  return top === "image" || top === "audio" || top === "video" ? top : "application";
}

function nameOf(input: SendMediaInput): string {
  const named = input.fileName ?? (input.file as Partial<File>).name;
  if (named) return named;
  const ext = input.file.type.split("/")[1]?.split(";")[0] || "bin";
  return `${mediaTypeOf(input.file.type)}.${ext}`;
}

/** Stores the optimistic message and its upload entry in one transaction; returns the message. */
export async function sendMedia(db: ChatflowDb, input: SendMediaInput): Promise<MessageDTO> {
  if (input.file.size === 0) throw new MediaRefused("ERR_VALIDATION", "Empty file");
  if (input.file.size > MEDIA_MAX_BYTES) throw new MediaRefused("ERR_PAYLOAD_TOO_LARGE", "File too large");
  const caption = (input.caption ?? "").trim();
  if (caption.length > MESSAGE_BODY_MAX) throw new MediaRefused("ERR_VALIDATION", "Caption too long");
  const fileName = nameOf(input);
  const createdAt = (input.now ?? new Date()).toISOString();
  // What core will store: a media without caption is named by its file.
  const body = caption || fileName;
  const message = outgoingMessage(input, { body, createdAt, mediaType: mediaTypeOf(input.file.type) });
  const args: UploadArgs = {
    id: message.id,
    ticketId: message.ticketId,
    file: input.file,
    fileName,
    caption,
    isPrivate: message.isPrivate,
    quotedMsgId: message.quotedMsgId,
  };
  await db.transaction("rw", [db.messages, db.tickets, db.outbox], async () => {
    await db.messages.add(message);
    await touchTicket(db, input.ticket.id, createdAt);
    await db.outbox.add({ name: UPLOAD_ENTRY, args, queuedAt: createdAt });
  });
  return message;
}

/** The file of a media message still waiting in the outbox (to show it before core serves it), or null. */
export async function queuedMedia(db: ChatflowDb, messageId: string): Promise<Blob | null> {
  const entry = await db.outbox
    .filter((e) => e.name === UPLOAD_ENTRY && (e.args as UploadArgs).id === messageId)
    .first();
  return entry?.name === UPLOAD_ENTRY ? entry.args.file : null;
}
