// Sending a reply, local-first: the message appears at once (ack 0, clock) and a
// sendMessage mutation waits in the outbox; both are written in one transaction
// so there is never a message without its mutation, nor a mutation without its message.
import type { MessageDTO, TicketDTO } from "@chatflow/core/contract/entities.ts";
import type { TSendMessageArgs } from "@chatflow/core/contract/sync.ts";
import type { ChatflowDb } from "../store/db.ts";
import { uuidv7 } from "../util/uuidv7.ts";

export type SendMessageInput = {
  ticket: Pick<TicketDTO, "id" | "contactId" | "companyId">;
  body: string;
  userId: number | null;
  /** An internal note: stays in the inbox, never reaches the contact. */
  isPrivate?: boolean;
  /** The message this reply quotes ('Responder'). */
  quotedMsgId?: string | null;
  now?: Date;
};

/**
 * The row an agent's message has in the replica until the server's copy replaces it: ack 0 (the clock),
 * written by this user on this ticket. Text replies, media (send-media.ts), contact cards (send-contact.ts) and
 * interactive messages (send-interactive.ts) differ only in `fields`.
 */
export function outgoingMessage(
  input: Pick<SendMessageInput, "ticket" | "userId" | "isPrivate" | "quotedMsgId">,
  fields: { body: string; createdAt: string; mediaType: MessageDTO["mediaType"]; dataJson?: unknown },
): MessageDTO {
  return {
    id: uuidv7(Date.parse(fields.createdAt)),
    ticketId: input.ticket.id,
    contactId: input.ticket.contactId,
    companyId: input.ticket.companyId,
    userId: input.userId,
    body: fields.body,
    fromMe: true,
    read: true,
    mediaType: fields.mediaType,
    // Media is served by core once uploaded; until then its file is read from the outbox (queuedMedia).
    mediaUrl: null,
    dataJson: fields.dataJson ?? null,
    ack: 0,
    isDeleted: false,
    isEdited: false,
    isForwarded: false,
    isPrivate: input.isPrivate === true,
    quotedMsgId: input.quotedMsgId ?? null,
    errorCode: null,
    createdAt: fields.createdAt,
    updatedAt: fields.createdAt,
  };
}

/**
 * What an agent's outgoing message (a reply, a note, media, a card, a poll, a template) changes on its ticket in the
 * replica: the time that orders the list. The list's preview (`lastMessage`) stays the customer's last message, as
 * core keeps it (decision 0089): the reply showing there until the server's row came back was an untruth.
 */
export function touchTicket(db: ChatflowDb, ticketId: number, at: string): Promise<number> {
  return db.tickets.update(ticketId, { updatedAt: at });
}

/** Returns the stored message, or null when the text is empty or whitespace (spec 1 §4 Messages). */
export async function sendMessage(db: ChatflowDb, input: SendMessageInput): Promise<MessageDTO | null> {
  // The server trims too; trimming here makes the optimistic row match what it will store.
  const body = input.body.trim();
  if (!body) return null;
  const createdAt = (input.now ?? new Date()).toISOString();
  const message = outgoingMessage(input, { body, createdAt, mediaType: "chat" });
  const args: TSendMessageArgs = { id: message.id, ticketId: message.ticketId, body, createdAt };
  // Only what differs from the defaults travels, so a plain reply's mutation stays as it was.
  if (message.isPrivate) args.isPrivate = true;
  if (message.quotedMsgId) args.quotedMsgId = message.quotedMsgId;
  await db.transaction("rw", [db.messages, db.tickets, db.outbox], async () => {
    await db.messages.add(message);
    await touchTicket(db, input.ticket.id, createdAt);
    await db.outbox.add({ name: "sendMessage", args, queuedAt: createdAt });
  });
  return message;
}
