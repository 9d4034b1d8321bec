// GET /dashboard/moments and GET /usersMoments (spec 1 §7 Tickets): the real-time attendance panel's tickets,
// for admins and users with allowRealTime (403 ERR_NO_PERMISSION for anyone else). /usersMoments is the panel
// with no filter; both answer an array of tickets, each with its agent (`user`, null while pending).
import { Router } from "express";
import type pg from "pg";
import { actorOf } from "../auth/authenticate.ts";
import { ZMomentsQuerySchema } from "../contract/moments.ts";
import { parse } from "../kernel/errors.ts";
import { listMoments } from "./list-moments.ts";

export function momentsRoutes(pool: pg.Pool): Router {
  const router = Router();
  router.get("/dashboard/moments", async (req, res) => {
    const actor = actorOf(res);
    res.json(await listMoments(pool, actor, parse(ZMomentsQuerySchema, req.query)));
  });
  router.get("/usersMoments", async (_req, res) => {
    const actor = actorOf(res);
    res.json(await listMoments(pool, actor, parse(ZMomentsQuerySchema, {})));
  });
  return router;
}
