// Use case: an agent sends one of the company's contacts as a contact card (spec 1 §2 "send contact").
// The card is built here from the stored contact, never from what the device shows: an agent under LGPD
// masking sees a masked number, and the contact must be one of the caller's company.
import type pg from "pg";
import type { Actor } from "../auth/authenticate.ts";
import { loadContact } from "../contacts/contact-queries.ts";
import { contactCardPayload } from "../contract/message-payloads.ts";
import type { TSendContactArgs } from "../contract/sync.ts";
import { invalidInput } from "../kernel/errors.ts";
import { sendMessage } from "../tickets/send-message.ts";

/** Stores the card on the ticket, queued like any reply; answers the message id (the client's). */
export async function sendContactCard(client: pg.ClientBase, actor: Actor, args: TSendContactArgs): Promise<string> {
  const contact = await loadContact(client, actor.companyId, args.contactId);
  // A group's id is not a phone number: a card of it would call nobody.
  if (contact.isGroup) throw invalidInput("A group cannot be sent as a contact card", "contactId");
  const number = contact.number.replace(/\D/g, "");
  if (number.length < 5) throw invalidInput("Invalid number", "contactId");
  const { body, mediaType, dataJson, preview } = contactCardPayload({ name: contact.name, number });
  return sendMessage(client, actor, {
    id: args.id,
    ticketId: args.ticketId,
    isPrivate: args.isPrivate,
    quotedMsgId: args.quotedMsgId,
    body,
    mediaType,
    dataJson,
    preview,
  });
}
