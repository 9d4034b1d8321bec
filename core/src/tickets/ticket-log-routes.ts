// GET /tickets-log/{ticketId} (spec 1 §7): the ticket's timeline, oldest first.
// The entries are written by the use cases (and GET /tickets/u/{uuid} for "access").
import { Router } from "express";
import type pg from "pg";
import { actorOf } from "../auth/authenticate.ts";
import { zIdParam } from "../contract/ids.ts";
import type { TicketLogEntryDTO } from "../contract/tickets.ts";
import { parse } from "../kernel/errors.ts";
import { findVisibleTicket } from "./find-visible-ticket.ts";

export function ticketLogRoutes(pool: pg.Pool): Router {
  const router = Router();

  router.get("/tickets-log/:ticketId", async (req, res) => {
    const actor = actorOf(res);
    const ticketId = parse(zIdParam, req.params.ticketId);
    await findVisibleTicket(pool, actor, ticketId);
    const { rows } = await pool.query<TicketLogEntryDTO>(
      `SELECT l.id::int AS id, l.type, l.created_at AS "createdAt",
         CASE WHEN u.id IS NULL THEN NULL ELSE json_build_object('id', u.id, 'name', u.name) END AS "user",
         CASE WHEN q.id IS NULL THEN NULL ELSE json_build_object('id', q.id, 'name', q.name) END AS queue
       FROM ticket_logs l LEFT JOIN users u ON u.id = l.user_id AND u.company_id = l.company_id
         LEFT JOIN queues q ON q.id = l.queue_id AND q.company_id = l.company_id
       WHERE l.ticket_id = $1 AND l.company_id = $2 ORDER BY l.id`,
      [ticketId, actor.companyId],
    );
    res.json(rows);
  });

  return router;
}
