// GET /companies/{id} (spec 3 §7): one company, for its admin or the super user.
import { Router } from "express";
import type pg from "pg";
import { actorOf } from "../auth/authenticate.ts";
import { zIdParam } from "../contract/ids.ts";
import { parse } from "../kernel/errors.ts";
import { findCompany } from "./find-company.ts";

export function companyRoutes(pool: pg.Pool): Router {
  const router = Router();
  router.get("/companies/:id", async (req, res) => {
    const actor = actorOf(res);
    res.json(await findCompany(pool, actor, parse(zIdParam, req.params.id)));
  });
  return router;
}
