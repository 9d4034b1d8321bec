// Sending one of the company's contacts as a contact card (spec 1 §2 "send contact"), local-first
// like a text reply: the card appears at once (ack 0, clock) and a sendContact mutation waits in
// the outbox, both in one transaction. Core builds the card again from the stored contact (an
// agent under LGPD masking sees a masked number), and its row replaces this one with the pull.
import type { ContactDTO, MessageDTO, TicketDTO } from "@chatflow/core/contract/entities.ts";
import { contactCardPayload } from "@chatflow/core/contract/message-payloads.ts";
import type { TSendContactArgs } from "@chatflow/core/contract/sync.ts";
import type { ChatflowDb } from "../store/db.ts";
import { outgoingMessage, touchTicket } from "./send-message.ts";

export type SendContactInput = {
  ticket: Pick<TicketDTO, "id" | "contactId" | "companyId">;
  /** The contact whose card is sent. */
  contact: Pick<ContactDTO, "id" | "name" | "number">;
  userId: number | null;
  isPrivate?: boolean;
  quotedMsgId?: string | null;
  now?: Date;
};

/** Stores the optimistic card and its mutation in one transaction; returns the message. */
export async function sendContact(db: ChatflowDb, input: SendContactInput): Promise<MessageDTO> {
  const createdAt = (input.now ?? new Date()).toISOString();
  const card = contactCardPayload({ name: input.contact.name, number: input.contact.number.replace(/\D/g, "") });
  const message = outgoingMessage(input, { ...card, createdAt });
  const args: TSendContactArgs = { id: message.id, ticketId: message.ticketId, contactId: input.contact.id, createdAt };
  if (message.isPrivate) args.isPrivate = true;
  if (message.quotedMsgId) args.quotedMsgId = message.quotedMsgId;
  await db.transaction("rw", [db.messages, db.tickets, db.outbox], async () => {
    await db.messages.add(message);
    await touchTicket(db, input.ticket.id, createdAt);
    await db.outbox.add({ name: "sendContact", args, queuedAt: createdAt });
  });
  return message;
}
