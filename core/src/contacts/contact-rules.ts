// Rules other domains ask of a contact. Ticket creation calls
// assertContactMayGetTicket inside its transaction before it inserts a ticket.
import type pg from "pg";
import { contactNotFound, noPermission } from "../kernel/errors.ts";

export type TicketableContact = { id: number; number: string; isGroup: boolean; channel: string };

/**
 * A blocked contact (active false, spec 1 §2 "Blocked contacts cannot start a
 * ticket") answers 403 ERR_NO_PERMISSION; another company's or a missing contact
 * 404 ERR_NO_CONTACT_FOUND. The row is share-locked to the caller's commit, so a
 * block that races the ticket's creation waits for it rather than slipping past.
 */
export async function assertContactMayGetTicket(
  client: pg.ClientBase,
  companyId: number,
  contactId: number,
): Promise<TicketableContact> {
  const { rows } = await client.query<TicketableContact & { active: boolean }>(
    `SELECT id, number, is_group AS "isGroup", channel, active FROM contacts
     WHERE id = $1 AND company_id = $2 FOR SHARE`,
    [contactId, companyId],
  );
  const contact = rows[0];
  if (!contact) throw contactNotFound();
  if (!contact.active) throw noPermission("Contato bloqueado");
  const { active: _active, ...rest } = contact;
  return rest;
}
