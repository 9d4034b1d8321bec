// GET /plans/list (spec 3 §7, public): the plans the signup selector offers.
import { Router } from "express";
import type pg from "pg";
import { listPublicPlans } from "./plan-queries.ts";

export function planRoutes(pool: pg.Pool): Router {
  const router = Router();
  router.get("/plans/list", async (_req, res) => {
    res.json(await listPublicPlans(pool));
  });
  return router;
}
