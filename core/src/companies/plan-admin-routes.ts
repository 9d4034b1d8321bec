// GET /plans/all, POST /plans, PUT /plans/{id}, DELETE /plans/{id} (spec 3 §7): the super user's plans.
import { Router } from "express";
import type pg from "pg";
import { actorOf } from "../auth/authenticate.ts";
import { zIdParam } from "../contract/ids.ts";
import { ZPlanRequestSchema } from "../contract/plans.ts";
import { parse } from "../kernel/errors.ts";
import { transaction } from "../kernel/transaction.ts";
import { authorizePlans, createPlan, deletePlan, listPlans, updatePlan } from "./plan-admin.ts";

export function planAdminRoutes(pool: pg.Pool): Router {
  const router = Router();
  router.get("/plans/all", async (_req, res) => {
    res.json(await listPlans(pool, actorOf(res)));
  });
  router.post("/plans", async (req, res) => {
    const actor = actorOf(res);
    authorizePlans(actor);
    const input = parse(ZPlanRequestSchema, req.body);
    res.status(201).json(await transaction(pool, (c) => createPlan(c, actor, input)));
  });
  router.put("/plans/:id", async (req, res) => {
    const actor = actorOf(res);
    authorizePlans(actor);
    const id = parse(zIdParam, req.params.id);
    const input = parse(ZPlanRequestSchema, req.body);
    res.json(await transaction(pool, (c) => updatePlan(c, actor, id, input)));
  });
  router.delete("/plans/:id", async (req, res) => {
    const actor = actorOf(res);
    const id = parse(zIdParam, req.params.id);
    await transaction(pool, (c) => deletePlan(c, actor, id));
    res.json({ message: "Plan deleted" });
  });
  return router;
}
