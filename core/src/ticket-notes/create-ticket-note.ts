// Use case: an agent writes a note on a ticket from the contact drawer
// (POST /ticket-notes). The note belongs to the ticket and its contact.
import type pg from "pg";
import type { Actor } from "../auth/authenticate.ts";
import type { TCreateTicketNoteRequest } from "../contract/contacts.ts";
import { contactNotFound, invalidInput } from "../kernel/errors.ts";
import { findVisibleTicket } from "../tickets/find-visible-ticket.ts";

/** Returns the new note's id. */
export async function createTicketNote(
  client: pg.ClientBase,
  actor: Actor,
  input: TCreateTicketNoteRequest,
): Promise<number> {
  const ticket = await findVisibleTicket(client, actor, input.ticketId);
  if (input.contactId !== undefined && input.contactId !== ticket.contactId) {
    const other = await client.query("SELECT 1 FROM contacts WHERE id = $1 AND company_id = $2", [
      input.contactId,
      actor.companyId,
    ]);
    if (!other.rows[0]) throw contactNotFound();
    throw invalidInput("The contact is not the ticket's contact", "contactId");
  }
  const { rows } = await client.query<{ id: number }>(
    `INSERT INTO ticket_notes (company_id, ticket_id, contact_id, user_id, note) VALUES ($1, $2, $3, $4, $5)
     RETURNING id`,
    [actor.companyId, ticket.id, ticket.contactId, actor.id, input.note],
  );
  return rows[0]!.id;
}
