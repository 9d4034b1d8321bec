// PUT /companies/{id}/schedules (spec 3 §7): the company's service hours (decision 0046).
import { Router } from "express";
import type pg from "pg";
import { actorOf } from "../auth/authenticate.ts";
import { ZUpdateCompanySchedulesRequestSchema } from "../contract/companies.ts";
import { zIdParam } from "../contract/ids.ts";
import { parse } from "../kernel/errors.ts";
import { transaction } from "../kernel/transaction.ts";
import { updateCompanySchedules } from "./update-company-schedules.ts";

export function companyScheduleRoutes(pool: pg.Pool): Router {
  const router = Router();
  router.put("/companies/:id/schedules", async (req, res) => {
    const actor = actorOf(res);
    const id = parse(zIdParam, req.params.id);
    const input = parse(ZUpdateCompanySchedulesRequestSchema, req.body);
    res.json(await transaction(pool, (c) => updateCompanySchedules(c, actor, id, input)));
  });
  return router;
}
