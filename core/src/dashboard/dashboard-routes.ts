// The dashboard's calls (spec 1 §7 "Dashboard"): GET /dashboard, /dashboard/ticketsUsers, /dashboard/ticketsDay.
// Read-only: parse -> query -> answer. A companyId in the query is ignored: the caller's company is counted.
import { Router } from "express";
import type pg from "pg";
import { actorOf } from "../auth/authenticate.ts";
import { ZDashboardQuerySchema, ZDashboardRangeQuerySchema } from "../contract/dashboard.ts";
import { parse } from "../kernel/errors.ts";
import { authorizeDashboard } from "./dashboard-policy.ts";
import { loadDashboard, loadTicketsDay, loadTicketsUsers } from "./dashboard-queries.ts";

export function dashboardRoutes(pool: pg.Pool): Router {
  const router = Router();

  router.get("/dashboard", async (req, res) => {
    const actor = actorOf(res);
    // The permission first: a refused caller learns nothing about the filter.
    authorizeDashboard(actor);
    res.json(await loadDashboard(pool, actor, parse(ZDashboardQuerySchema, req.query)));
  });

  router.get("/dashboard/ticketsUsers", async (req, res) => {
    const actor = actorOf(res);
    authorizeDashboard(actor);
    res.json(await loadTicketsUsers(pool, actor, parse(ZDashboardRangeQuerySchema, req.query)));
  });

  router.get("/dashboard/ticketsDay", async (req, res) => {
    const actor = actorOf(res);
    authorizeDashboard(actor);
    res.json(await loadTicketsDay(pool, actor, parse(ZDashboardRangeQuerySchema, req.query)));
  });

  return router;
}
