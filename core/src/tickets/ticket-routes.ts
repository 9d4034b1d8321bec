// GET /tickets and GET /tickets/u/{uuid} (spec 1 §7 Tickets): the inbox list
// and one ticket, as far as the caller may see (visibility.ts), with contact
// numbers masked for plain users when the company hides them (LGPD).
import { Router } from "express";
import type pg from "pg";
import { z } from "zod";
import { actorOf } from "../auth/authenticate.ts";
import { hidesNumbersFrom, maskContact } from "../contacts/mask-number.ts";
import { parse, ticketNotFound } from "../http/errors.ts";
import { inTransaction } from "../sync/change-log.ts";
import { listTickets, TICKET_ITEM_JOINS, TICKET_ITEM_JSON } from "./list-tickets.ts";
import { recordTicketOpened } from "./log-access.ts";
import { ZListTicketsQuerySchema } from "./ticket-list-query.ts";
import { PageBoundaryCache } from "./ticket-page-cursor.ts";
import { canSeeTicket, type VisibleTicketFields } from "./visibility.ts";

export { TICKETS_PAGE_SIZE } from "./list-tickets.ts";

type Item = { contact: { number: string; isGroup: boolean } };

/** A list item with its contact's number masked (LGPD, the contacts domain's rule). */
const masked = (item: Item): Item => ({ ...item, contact: maskContact(item.contact, true) });

export function ticketRoutes(pool: pg.Pool, cache = new PageBoundaryCache()): Router {
  const router = Router();

  router.get("/tickets", async (req, res) => {
    const actor = actorOf(res);
    const query = parse(ZListTicketsQuerySchema, req.query);
    const [page, hide] = await Promise.all([listTickets(pool, actor, query, cache), hidesNumbersFrom(pool, actor)]);
    // The tickets arrive as JSON text from PostgreSQL: sent as they are, unless numbers are masked.
    const tickets = hide ? JSON.stringify(JSON.parse(page.ticketsJson).map(masked)) : page.ticketsJson;
    res
      .type("application/json")
      .send(
        `{"tickets":${tickets},"hasMore":${page.hasMore},"count":${page.count},"nextCursor":${JSON.stringify(page.nextCursor)}}`,
      );
  });

  router.get("/tickets/u/:uuid", async (req, res) => {
    const actor = actorOf(res);
    const uuid = parse(z.uuid({ error: "Invalid ticket uuid" }), req.params.uuid);
    const { rows } = await pool.query<VisibleTicketFields & { id: number; item: string }>(
      `SELECT t.id, t.user_id AS "userId", t.queue_id AS "queueId", t.is_group AS "isGroup", t.status,
         ${TICKET_ITEM_JSON}::text AS item
       FROM tickets t ${TICKET_ITEM_JOINS} WHERE t.uuid = $1 AND t.company_id = $2`,
      [uuid, actor.companyId],
    );
    const ticket = rows[0];
    // A ticket the caller may not see is answered as one that does not exist, as the
    // transitions, the messages and the sync do (docs/decisions/0008).
    if (!ticket || !canSeeTicket(actor, ticket)) throw ticketNotFound();
    // Opening a conversation is an "access" in the ticket log; the owner opening it reads it.
    await inTransaction(pool, (client) => recordTicketOpened(client, actor, ticket));
    const item = JSON.parse(ticket.item) as Item & { unreadMessages: number };
    if (ticket.userId === actor.id) item.unreadMessages = 0;
    res.json((await hidesNumbersFrom(pool, actor)) ? masked(item) : item);
  });

  return router;
}
