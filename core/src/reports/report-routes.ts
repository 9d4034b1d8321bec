// The tickets report (spec 3 §7 "Reports"): GET /ticketreport/reports, the path the original dashboard's notes
// name (the spec leaves it open). Read-only: parse -> query -> answer.
import { Router } from "express";
import type pg from "pg";
import { actorOf } from "../auth/authenticate.ts";
import { ZTicketReportQuerySchema } from "../contract/reports.ts";
import { parse } from "../kernel/errors.ts";
import { loadTicketReport } from "./ticket-report.ts";

export function reportRoutes(pool: pg.Pool): Router {
  const router = Router();
  router.get("/ticketreport/reports", async (req, res) => {
    const actor = actorOf(res);
    res.json(await loadTicketReport(pool, actor, parse(ZTicketReportQuerySchema, req.query)));
  });
  return router;
}
