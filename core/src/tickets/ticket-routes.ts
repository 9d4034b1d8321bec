// GET /tickets and GET /tickets/u/{uuid} (spec 1 §7 Tickets), as far as this slice goes:
// status filter, visibility, newest first, pages of 40.
import { Router } from "express";
import type pg from "pg";
import { z } from "zod";
import { actorOf } from "../auth/authenticate.ts";
import type { TicketDTO } from "../contract/entities.ts";
import { NotFoundError, parse } from "../http/errors.ts";
import { TICKET_COLUMNS } from "../sync/rows.ts";
import { canSeeTicket, visibleTicketSql } from "./visibility.ts";

export const TICKETS_PAGE_SIZE = 40;

const ZListTicketsQuerySchema = z.object({
  /** 1-based page of TICKETS_PAGE_SIZE tickets. */
  pageNumber: z.coerce.number().int().positive().default(1),
  /** pending, open, group or closed; all statuses when absent. */
  status: z.enum(["pending", "open", "group", "closed", "lgpd", "nps"]).optional(),
});

export function ticketRoutes(pool: pg.Pool): Router {
  const router = Router();
  router.get("/tickets", async (req, res) => {
    const actor = actorOf(res);
    const q = parse(ZListTicketsQuerySchema, req.query);
    const params: unknown[] = [actor.companyId];
    let where = "t.company_id = $1";
    if (q.status) {
      params.push(q.status);
      where += ` AND t.status = $${params.length}`;
    }
    where += ` AND ${visibleTicketSql(actor, params)}`;
    params.push(TICKETS_PAGE_SIZE + 1, (q.pageNumber - 1) * TICKETS_PAGE_SIZE);
    const { rows } = await pool.query<TicketDTO>(
      `SELECT ${TICKET_COLUMNS}, json_build_object('id', c.id, 'name', c.name, 'number', c.number) AS contact
       FROM tickets t JOIN contacts c ON c.id = t.contact_id
       WHERE ${where} ORDER BY t.updated_at DESC, t.id DESC LIMIT $${params.length - 1} OFFSET $${params.length}`,
      params,
    );
    const hasMore = rows.length > TICKETS_PAGE_SIZE;
    const tickets = rows.slice(0, TICKETS_PAGE_SIZE);
    res.json({ tickets, hasMore, count: (q.pageNumber - 1) * TICKETS_PAGE_SIZE + tickets.length });
  });
  router.get("/tickets/u/:uuid", async (req, res) => {
    const actor = actorOf(res);
    const uuid = parse(z.uuid(), req.params.uuid);
    const { rows } = await pool.query<TicketDTO>(
      `SELECT ${TICKET_COLUMNS} FROM tickets t WHERE t.uuid = $1 AND t.company_id = $2`,
      [uuid, actor.companyId],
    );
    const ticket = rows[0];
    if (!ticket || !canSeeTicket(actor, ticket)) throw NotFoundError("ERR_NO_TICKET_FOUND", "Ticket not found");
    res.json(ticket);
  });
  return router;
}
