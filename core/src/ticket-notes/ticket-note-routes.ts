// Ticket notes (spec 1 §7 Notes): the drawer's notes of a ticket and its contact.
import { Router } from "express";
import type pg from "pg";
import { z } from "zod";
import type { Actor } from "../auth/authenticate.ts";
import { actorOf } from "../auth/authenticate.ts";
import { loadContact } from "../contacts/contact-queries.ts";
import { type TicketNoteDTO, ZCreateTicketNoteRequestSchema } from "../contract/contacts.ts";
import { zIdParam } from "../contract/ids.ts";
import { invalidInput, parse } from "../kernel/errors.ts";
import { transaction } from "../kernel/transaction.ts";
import { findVisibleTicket } from "../tickets/find-visible-ticket.ts";
import { visibleTicketSql } from "../tickets/visibility.ts";
import { createTicketNote } from "./create-ticket-note.ts";
import { deleteTicketNote } from "./delete-ticket-note.ts";

const ZListTicketNotesQuerySchema = z.object({
  /** Notes of this ticket. */
  ticketId: zIdParam.optional(),
  /** Notes about this contact (of the tickets the caller may see). */
  contactId: zIdParam.optional(),
});

const NOTE_SELECT = `SELECT n.id, n.note, n.ticket_id AS "ticketId", n.contact_id AS "contactId", n.user_id AS "userId",
    CASE WHEN u.id IS NULL THEN NULL ELSE json_build_object('id', u.id, 'name', u.name) END AS "user",
    n.created_at AS "createdAt", n.updated_at AS "updatedAt"
  FROM ticket_notes n LEFT JOIN users u ON u.id = n.user_id AND u.company_id = n.company_id
    LEFT JOIN tickets t ON t.id = n.ticket_id AND t.company_id = n.company_id`;

export function ticketNoteRoutes(pool: pg.Pool): Router {
  const router = Router();

  router.post("/ticket-notes", async (req, res) => {
    const actor = actorOf(res);
    const input = parse(ZCreateTicketNoteRequestSchema, req.body ?? {});
    const id = await transaction(pool, (client) => createTicketNote(client, actor, input));
    const { rows } = await pool.query<TicketNoteDTO>(`${NOTE_SELECT} WHERE n.id = $1 AND n.company_id = $2`, [
      id,
      actor.companyId,
    ]);
    res.json(rows[0]);
  });

  router.get("/ticket-notes/list", async (req, res) => {
    const actor = actorOf(res);
    const q = parse(ZListTicketNotesQuerySchema, req.query);
    res.json(await listTicketNotes(pool, actor, q));
  });

  router.delete("/ticket-notes/:id", async (req, res) => {
    const actor = actorOf(res);
    const id = parse(zIdParam, req.params.id);
    await transaction(pool, (client) => deleteTicketNote(client, actor, id));
    res.json({ message: "Note deleted" });
  });

  return router;
}

/** Newest first; only notes on tickets the caller may see (visibility.ts). */
async function listTicketNotes(
  pool: pg.Pool,
  actor: Actor,
  q: z.infer<typeof ZListTicketNotesQuerySchema>,
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
  const { rows } = await pool.query<TicketNoteDTO>(
    `${NOTE_SELECT} WHERE ${where.join(" AND ")} ORDER BY n.created_at DESC, n.id DESC`,
    params,
  );
  return rows;
}
