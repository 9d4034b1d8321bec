// POST /tickets, PUT /tickets/{id}, DELETE /tickets/{id}, POST /tickets/closeAll
// (spec 1 §7 Tickets): validate, run the use case in one transaction, answer.
import { Router } from "express";
import type pg from "pg";
import { actorOf } from "../auth/authenticate.ts";
import { zIdParam } from "../contract/ids.ts";
import {
  ZCloseAllTicketsRequestSchema,
  ZCreateTicketRequestSchema,
  ZUpdateTicketRequestSchema,
} from "../contract/tickets.ts";
import { parse } from "../kernel/errors.ts";
import { transaction } from "../kernel/transaction.ts";
import { closeAllTickets } from "./close-all-tickets.ts";
import { createTicket } from "./create-ticket.ts";
import { deleteTicket } from "./delete-ticket.ts";
import { ticketView } from "./ticket-row.ts";
import { updateTicket } from "./update-ticket.ts";

export function ticketActionsRoutes(pool: pg.Pool): Router {
  const router = Router();

  router.post("/tickets/closeAll", async (req, res) => {
    const actor = actorOf(res);
    const input = parse(ZCloseAllTicketsRequestSchema, req.body ?? {});
    const result = await transaction(pool, (client) => closeAllTickets(client, actor, input));
    res.json(result);
  });

  router.post("/tickets", async (req, res) => {
    const actor = actorOf(res);
    const input = parse(ZCreateTicketRequestSchema, req.body ?? {});
    const ticket = await transaction(pool, async (client) => {
      const id = await createTicket(client, actor, { ...input, userId: input.userId ?? null });
      return ticketView(client, actor, id);
    });
    res.status(201).json(ticket);
  });

  router.put("/tickets/:id", async (req, res) => {
    const actor = actorOf(res);
    const ticketId = parse(zIdParam, req.params.id);
    const input = parse(ZUpdateTicketRequestSchema, req.body ?? {});
    const ticket = await transaction(pool, async (client) => {
      await updateTicket(client, actor, ticketId, input);
      return ticketView(client, actor, ticketId);
    });
    res.json(ticket);
  });

  router.delete("/tickets/:id", async (req, res) => {
    const actor = actorOf(res);
    const ticketId = parse(zIdParam, req.params.id);
    await transaction(pool, (client) => deleteTicket(client, actor, { ticketId }));
    res.json({ message: "ticket deleted" });
  });

  return router;
}
