// GET /sync/pull and POST /sync/push.
import { Router } from "express";
import type pg from "pg";
import { z } from "zod";
import { actorOf } from "../auth/authenticate.ts";
import { ZPushRequestSchema } from "../contract/sync.ts";
import { parse } from "../kernel/errors.ts";
import { parseBootPosition } from "./bootstrap.ts";
import { parseCursor, pull } from "./pull.ts";
import { push } from "./push.ts";

const ZPullQuerySchema = z.object({
  /** The cursor the last pull answered ("<seq>v<replica version>", plus a first pull's position); absent at first. */
  cursor: z
    .string()
    .max(80)
    .regex(/^\d+(v\d+)?(b.+)?$/, "Invalid cursor")
    .refine((c) => !c.includes("b") || parseBootPosition(c.slice(c.indexOf("b"))) !== undefined, "Invalid cursor")
    .optional(),
});

export function syncRoutes(pool: pg.Pool): Router {
  const router = Router();
  router.get("/sync/pull", async (req, res) => {
    const { cursor } = parse(ZPullQuerySchema, req.query);
    res.json(await pull(pool, actorOf(res), cursor === undefined ? undefined : parseCursor(cursor)));
  });
  router.post("/sync/push", async (req, res) => {
    res.json(await push(pool, actorOf(res), parse(ZPushRequestSchema, req.body)));
  });
  return router;
}
