// A ticket as the caller may read it: the list item, one ticket, the action
// answers and the replica's row all pass here; the contact it carries goes through
// presentContact. Visibility itself is decided before (findVisibleTicket, visibleTicketSql).
import { type NumberedContact, presentContact } from "./present-contact.ts";
import type { Viewer } from "./viewer.ts";

/** The replica's ticket row has no contact of its own (it carries contactId); the answers' items do. */
type WithContact = { contact?: NumberedContact | null };

export function presentTicket<T extends object>(viewer: Viewer, ticket: T): T {
  const contact = (ticket as WithContact).contact;
  if (!contact) return ticket;
  return { ...ticket, contact: presentContact(viewer, contact) };
}

/**
 * A page of tickets that PostgreSQL built as JSON text: sent as it is when there is
 * nothing to hide from this viewer (the inbox's fast path), else each one presented.
 */
export function presentTicketsJson(viewer: Viewer, json: string): string {
  if (!viewer.hideNumbers) return json;
  const tickets = JSON.parse(json) as WithContact[];
  return JSON.stringify(tickets.map((t) => presentTicket(viewer, t)));
}

/** One ticket that PostgreSQL built as JSON text: sent as it is when there is nothing to hide from this viewer. */
export function presentTicketJson(viewer: Viewer, json: string): string {
  if (!viewer.hideNumbers) return json;
  return JSON.stringify(presentTicket(viewer, JSON.parse(json) as WithContact));
}
