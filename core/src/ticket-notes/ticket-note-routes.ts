// Ticket notes (spec 1 §7 Notes): the drawer's notes of a ticket and its contact. Routes are parse -> use case
// -> answer.
import { Router } from "express";
import type pg from "pg";
import { z } from "zod";
import { actorOf } from "../auth/authenticate.ts";
import { ZCreateTicketNoteRequestSchema } from "../contract/contacts.ts";
import { zIdParam } from "../contract/ids.ts";
import { parse } from "../kernel/errors.ts";
import { transaction } from "../kernel/transaction.ts";
import { createTicketNote } from "./create-ticket-note.ts";
import { deleteTicketNote } from "./delete-ticket-note.ts";
import { listTicketNotes, loadTicketNote } from "./ticket-note-queries.ts";

const ZListTicketNotesQuerySchema = z.object({
  /** Notes of this ticket. */
  ticketId: zIdParam.optional(),
  /** Notes about this contact (of the tickets the caller may see). */
  contactId: zIdParam.optional(),
});

export function ticketNoteRoutes(pool: pg.Pool): Router {
  const router = Router();

  router.post("/ticket-notes", async (req, res) => {
    const actor = actorOf(res);
    const input = parse(ZCreateTicketNoteRequestSchema, req.body ?? {});
    const id = await transaction(pool, (client) => createTicketNote(client, actor, input));
    res.json(await loadTicketNote(pool, actor.companyId, id));
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
