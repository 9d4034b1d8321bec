// Use case: 'Conversar' on a contact card (spec 1 §2 message types). The card's number is read from the stored
// message, never from the caller: under LGPD hiding a plain user sees it masked (decision 0039), so the PWA
// names the message and gets back the contact, found by the whole number in the company or added, by its id.
import type pg from "pg";
import type { Actor } from "../auth/authenticate.ts";
import { createContact } from "../contacts/create-contact.ts";
import { ZCreateContactRequestSchema } from "../contract/contacts.ts";
import { contactCardOf } from "../contract/message-payloads.ts";
import { messageNotFound, parse } from "../kernel/errors.ts";
import { findVisibleTicket } from "../tickets/find-visible-ticket.ts";

/** The id of the card's contact (added when the company has none with that number). */
export async function contactFromCard(client: pg.ClientBase, actor: Actor, messageId: string): Promise<number> {
  const { rows } = await client.query<{ ticket_id: number; body: string; data_json: unknown }>(
    "SELECT ticket_id, body, data_json FROM messages WHERE company_id = $1 AND id = $2",
    [actor.companyId, messageId],
  );
  const message = rows[0];
  if (!message) throw messageNotFound();
  // A message on a ticket the caller may not see is as absent as a missing one.
  await findVisibleTicket(client, actor, message.ticket_id).catch(() => {
    throw messageNotFound();
  });
  const card = contactCardOf({ body: message.body, dataJson: message.data_json });
  if (!card?.number || !/^\d+$/.test(card.number)) throw messageNotFound();
  const known = await client.query<{ id: number }>("SELECT id FROM contacts WHERE company_id = $1 AND number = $2", [
    actor.companyId,
    card.number,
  ]);
  if (known.rows[0]) return known.rows[0].id;
  return createContact(client, actor, parse(ZCreateContactRequestSchema, { name: card.name, number: card.number }));
}
