// GET /tickets-log/{ticketId} (spec 1 §7): the ticket's timeline, oldest first.
// Also records the "access" entry when an agent opens GET /tickets/u/{uuid}: a
// step that runs before the ticket list's own handler and then hands over.
import { Router } from "express";
import type pg from "pg";
import { z } from "zod";
import { actorOf } from "../auth/authenticate.ts";
import type { TicketLogEntryDTO } from "../contract/tickets.ts";
import { parse } from "../http/errors.ts";
import { inTransaction } from "../sync/change-log.ts";
import { type AccessedTicket, recordTicketOpened } from "./log-access.ts";
import { ticketNotFound } from "./ticket-row.ts";
import { canSeeTicket } from "./visibility.ts";

const ZTicketIdParamSchema = z.coerce.number().int().positive();

export function ticketLogRoutes(pool: pg.Pool): Router {
  const router = Router();

  router.get("/tickets-log/:ticketId", async (req, res) => {
    const actor = actorOf(res);
    const ticketId = parse(ZTicketIdParamSchema, req.params.ticketId);
    const t = await pool.query<{ userId: number | null; queueId: number | null; isGroup: boolean; status: string }>(
      `SELECT user_id AS "userId", queue_id AS "queueId", is_group AS "isGroup", status FROM tickets
       WHERE id = $1 AND company_id = $2`,
      [ticketId, actor.companyId],
    );
    const ticket = t.rows[0];
    if (!ticket || !canSeeTicket(actor, ticket)) throw ticketNotFound();
    const { rows } = await pool.query<TicketLogEntryDTO>(
      `SELECT l.id::int AS id, l.type, l.created_at AS "createdAt",
         CASE WHEN u.id IS NULL THEN NULL ELSE json_build_object('id', u.id, 'name', u.name) END AS "user",
         CASE WHEN q.id IS NULL THEN NULL ELSE json_build_object('id', q.id, 'name', q.name) END AS queue
       FROM ticket_logs l LEFT JOIN users u ON u.id = l.user_id LEFT JOIN queues q ON q.id = l.queue_id
       WHERE l.ticket_id = $1 AND l.company_id = $2 ORDER BY l.id`,
      [ticketId, actor.companyId],
    );
    res.json(rows);
  });

  // Runs before GET /tickets/u/{uuid} answers (this router is registered ahead
  // of the list's): a ticket the caller may see gets its access entry; anything
  // else is left to that handler to answer (400, 404).
  router.get("/tickets/u/:uuid", async (req, res, next) => {
    const actor = actorOf(res);
    const uuid = z.uuid().safeParse(req.params.uuid);
    if (!uuid.success) return next();
    const { rows } = await pool.query<AccessedTicket & { isGroup: boolean; status: string }>(
      `SELECT id, queue_id AS "queueId", user_id AS "userId", is_group AS "isGroup", status FROM tickets
       WHERE uuid = $1 AND company_id = $2`,
      [uuid.data, actor.companyId],
    );
    const ticket = rows[0];
    if (ticket && canSeeTicket(actor, ticket)) {
      await inTransaction(pool, (client) => recordTicketOpened(client, actor, ticket));
    }
    next();
  });

  return router;
}
