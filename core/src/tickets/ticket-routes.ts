// GET /tickets and GET /tickets/u/{uuid} (spec 1 §7 Tickets): the inbox list
// and one ticket, as far as the caller may see (visibility.ts), each presented
// for the caller (presentTicket: LGPD masking).
import { Router } from "express";
import type pg from "pg";
import { z } from "zod";
import { actorOf } from "../auth/authenticate.ts";
import { parse, ticketNotFound } from "../kernel/errors.ts";
import { transaction } from "../kernel/transaction.ts";
import { CompanyCache, type CompanyReferences } from "../presenters/company-cache.ts";
import { presentTicket, presentTicketJson } from "../presenters/present-ticket.ts";
import { referencesCover, type TicketListRow, ticketListItemText } from "../presenters/ticket-list-item.ts";
import { loadViewer } from "../presenters/viewer.ts";
import { findVisibleTicketByUuid } from "./find-visible-ticket.ts";
import { listTickets, ticketItemText } from "./list-tickets.ts";
import { recordTicketOpened } from "./log-access.ts";
import { ZListTicketsQuerySchema } from "./ticket-list-query.ts";
import { PageBoundaryCache } from "./ticket-page-cursor.ts";

export { TICKETS_PAGE_SIZE } from "./list-tickets.ts";

/**
 * `companies` keeps the company's settings and the names list items show between requests (a cache that is not
 * started keeps nothing: every request reads them).
 */
export function ticketRoutes(pool: pg.Pool, companies = new CompanyCache(0), cache = new PageBoundaryCache()): Router {
  const router = Router();

  /** The company's reference rows, read again when the page names one the cached ones lack (made since). */
  async function referencesFor(companyId: number, rows: TicketListRow[]): Promise<CompanyReferences> {
    const refs = await companies.companyReferences(pool, companyId);
    return referencesCover(refs, rows) ? refs : companies.companyReferences(pool, companyId, true);
  }

  router.get("/tickets", async (req, res) => {
    const actor = actorOf(res);
    const query = parse(ZListTicketsQuerySchema, req.query);
    // A search needs the viewer first: what a masked caller may match depends on it (decision 0039).
    const viewerLoad = loadViewer(pool, actor, companies);
    const hideNumbers = query.searchParam ? (await viewerLoad).hideNumbers : false;
    const [page, viewer] = await Promise.all([listTickets(pool, actor, query, cache, hideNumbers), viewerLoad]);
    const refs = await referencesFor(actor.companyId, page.rows);
    const tickets = page.rows.map((row) => ticketListItemText(viewer, refs, row)).join(",");
    res
      .type("application/json")
      .send(
        `{"tickets":[${tickets}],"hasMore":${page.hasMore},"count":${page.count},"nextCursor":${JSON.stringify(page.nextCursor)}}`,
      );
  });

  router.get("/tickets/u/:uuid", async (req, res) => {
    const actor = actorOf(res);
    const uuid = parse(z.uuid({ error: "Invalid ticket uuid" }), req.params.uuid);
    // A ticket the caller may not see is answered as one that does not exist, as the
    // transitions, the messages and the sync do (docs/decisions/0008).
    const ticket = await findVisibleTicketByUuid(pool, actor, uuid);
    // Opening a conversation is an "access" in the ticket log; the owner opening it reads it.
    await transaction(pool, (client) => recordTicketOpened(client, actor, ticket));
    const [text, viewer] = await Promise.all([
      ticketItemText(pool, actor.companyId, ticket.id),
      loadViewer(pool, actor),
    ]);
    if (text === undefined) throw ticketNotFound();
    if (ticket.userId !== actor.id) {
      // PostgreSQL's text goes out as it is (the list item's fast path), masked only where the viewer needs it.
      res.type("application/json").send(presentTicketJson(viewer, text));
      return;
    }
    const item = JSON.parse(text) as Parameters<typeof presentTicket>[1] & { unreadMessages: number };
    item.unreadMessages = 0;
    res.json(presentTicket(viewer, item));
  });

  return router;
}
