// The board's REST calls (spec 2 §7 "Tags and kanban"): GET /tag/kanban/ (the lanes) and GET /ticket/kanban (the
// cards). Both need the plan flag useKanban. Moving a card is the sync push's moveTicketLane (or the ticket-tags
// calls of tag-routes.ts).
import { Router } from "express";
import type pg from "pg";
import { actorOf } from "../auth/authenticate.ts";
import { ZKanbanTicketsQuerySchema } from "../contract/kanban.ts";
import { parse } from "../kernel/errors.ts";
import { presentTicketsJson } from "../presenters/present-ticket.ts";
import { loadViewer } from "../presenters/viewer.ts";
import { listTags } from "../tags/list-tags.ts";
import { requireKanbanFlag } from "./kanban-plan.ts";
import { listKanbanTickets } from "./list-kanban-tickets.ts";

export function kanbanRoutes(pool: pg.Pool): Router {
  const router = Router();
  router.use(["/tag/kanban", "/ticket/kanban"], requireKanbanFlag(pool));

  router.get("/tag/kanban", async (_req, res) => {
    const actor = actorOf(res);
    res.json({ lista: await listTags(pool, actor.companyId, { kanban: 1 }) });
  });

  router.get("/ticket/kanban", async (req, res) => {
    const actor = actorOf(res);
    const query = parse(ZKanbanTicketsQuerySchema, req.query);
    const [json, viewer] = await Promise.all([listKanbanTickets(pool, actor, query), loadViewer(pool, actor)]);
    res.type("application/json").send(`{"tickets":${presentTicketsJson(viewer, json)}}`);
  });

  return router;
}
