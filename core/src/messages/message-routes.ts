// GET /messages/{ticketId} (spec 1 §7 Messages): newest page first, 20 a page.
import { Router } from "express";
import type pg from "pg";
import { z } from "zod";
import { actorOf } from "../auth/authenticate.ts";
import { NotFoundError, parse } from "../http/errors.ts";
import { MESSAGE_COLUMNS } from "../sync/rows.ts";
import { canSeeTicket } from "../tickets/visibility.ts";

export const MESSAGES_PAGE_SIZE = 20;

const ZListMessagesQuerySchema = z.object({
  /** 1-based page, counted from the newest message. */
  pageNumber: z.coerce.number().int().positive().default(1),
});

export function messageRoutes(pool: pg.Pool): Router {
  const router = Router();
  router.get("/messages/:ticketId", async (req, res) => {
    const actor = actorOf(res);
    const ticketId = parse(z.coerce.number().int().positive(), req.params.ticketId);
    const { pageNumber } = parse(ZListMessagesQuerySchema, req.query);
    const t = await pool.query<{ userId: number | null; queueId: number | null; isGroup: boolean }>(
      `SELECT user_id AS "userId", queue_id AS "queueId", is_group AS "isGroup" FROM tickets
       WHERE id = $1 AND company_id = $2`,
      [ticketId, actor.companyId],
    );
    const ticket = t.rows[0];
    if (!ticket || !canSeeTicket(actor, ticket)) throw NotFoundError("ERR_NO_TICKET_FOUND", "Ticket not found");
    const { rows } = await pool.query(
      `SELECT ${MESSAGE_COLUMNS} FROM messages m WHERE m.ticket_id = $1 AND m.company_id = $2
       ORDER BY m.created_at DESC, m.id DESC LIMIT $3 OFFSET $4`,
      [ticketId, actor.companyId, MESSAGES_PAGE_SIZE + 1, (pageNumber - 1) * MESSAGES_PAGE_SIZE],
    );
    const hasMore = rows.length > MESSAGES_PAGE_SIZE;
    res.json({ messages: rows.slice(0, MESSAGES_PAGE_SIZE).reverse(), hasMore });
  });
  return router;
}
