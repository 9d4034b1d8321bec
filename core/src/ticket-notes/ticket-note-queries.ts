// Ticket notes as the note calls answer them: one note after it is written, and the drawer's list of a ticket's
// or a contact's notes. Rows are plain columns; presentTicketNote nests the author (decision 0085).
import type pg from "pg";
import type { Actor } from "../auth/authenticate.ts";
import { loadContact } from "../contacts/contact-queries.ts";
import type { TicketNoteDTO } from "../contract/contacts.ts";
import { invalidInput } from "../kernel/errors.ts";
import { presentTicketNote, type TicketNoteRow } from "../presenters/present-ticket-note.ts";
import { findVisibleTicket } from "../tickets/find-visible-ticket.ts";
import { visibleTicketSql } from "../tickets/visibility.ts";

const NOTE_SELECT = `SELECT n.id, n.note, n.ticket_id AS "ticketId", n.contact_id AS "contactId", n.user_id AS "userId",
    u.id AS "authorId", u.name AS "authorName", n.created_at AS "createdAt", n.updated_at AS "updatedAt"
  FROM ticket_notes n LEFT JOIN users u ON u.id = n.user_id AND u.company_id = n.company_id
    LEFT JOIN tickets t ON t.id = n.ticket_id AND t.company_id = n.company_id`;

/** One note of the company, as POST /ticket-notes answers it; undefined when there is none. */
export async function loadTicketNote(
  db: pg.Pool | pg.ClientBase,
  companyId: number,
  id: number,
): Promise<TicketNoteDTO | undefined> {
  const { rows } = await db.query<TicketNoteRow>(`${NOTE_SELECT} WHERE n.id = $1 AND n.company_id = $2`, [
    id,
    companyId,
  ]);
  return rows[0] && presentTicketNote(rows[0]);
}

/** GET /ticket-notes/list: newest first; only notes on tickets the caller may see (visibility.ts). */
export async function listTicketNotes(
  pool: pg.Pool,
  actor: Actor,
  q: { ticketId?: number | undefined; contactId?: number | undefined },
): Promise<TicketNoteDTO[]> {
  if (q.ticketId === undefined && q.contactId === undefined) {
    throw invalidInput("ticketId or contactId is required", "ticketId");
  }
  if (q.ticketId !== undefined) await findVisibleTicket(pool, actor, q.ticketId);
  if (q.contactId !== undefined) await loadContact(pool, actor.companyId, q.contactId);
  const params: unknown[] = [actor.companyId];
  const where = ["n.company_id = $1"];
  if (q.ticketId !== undefined) {
    params.push(q.ticketId);
    where.push(`n.ticket_id = $${params.length}`);
  }
  if (q.contactId !== undefined) {
    params.push(q.contactId);
    where.push(`n.contact_id = $${params.length}`);
  }
  where.push(`(t.id IS NULL OR ${visibleTicketSql(actor, params)})`);
  const { rows } = await pool.query<TicketNoteRow>(
    `${NOTE_SELECT} WHERE ${where.join(" AND ")} ORDER BY n.created_at DESC, n.id DESC`,
    params,
  );
  return rows.map(presentTicketNote);
}
