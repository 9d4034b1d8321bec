// GET /tickets-log/{ticketId} (spec 1 §7): the ticket's timeline, oldest first.
// The entries are written by the use cases (and GET /tickets/u/{uuid} for "access").
import { Router } from "express";
import type pg from "pg";
import { actorOf } from "../auth/authenticate.ts";
import { zIdParam } from "../contract/ids.ts";
import { parse } from "../kernel/errors.ts";
import { listTicketLog } from "./list-ticket-log.ts";

export function ticketLogRoutes(pool: pg.Pool): Router {
  const router = Router();

  router.get("/tickets-log/:ticketId", async (req, res) => {
    const actor = actorOf(res);
    const ticketId = parse(zIdParam, req.params.ticketId);
    res.json(await listTicketLog(pool, actor, ticketId));
  });

  return router;
}
