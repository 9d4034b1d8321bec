// Phrase campaigns (spec 2 §7): GET /flowcampaign, GET /flowcampaign/{id}, POST /flowcampaign, PUT /flowcampaign,
// DELETE /flowcampaign/{id}. Admins only, as the flows they start. Routes are parse -> use case -> answer.
import { type NextFunction, type Request, type Response, Router } from "express";
import type pg from "pg";
import { actorOf } from "../auth/authenticate.ts";
import { ZCreateFlowCampaignRequestSchema, ZUpdateFlowCampaignRequestSchema } from "../contract/flow-campaigns.ts";
import { zIdParam } from "../contract/ids.ts";
import { parse } from "../kernel/errors.ts";
import { onPooledClient, transaction } from "../kernel/transaction.ts";
import {
  createFlowCampaign,
  deleteFlowCampaign,
  listFlowCampaigns,
  showFlowCampaign,
  updateFlowCampaign,
} from "./flow-campaigns.ts";
import { authorizeFlows } from "./flow-policy.ts";

function adminsOnly(_req: Request, res: Response, next: NextFunction) {
  try {
    authorizeFlows(actorOf(res));
    next();
  } catch (err) {
    next(err);
  }
}

export function flowCampaignRoutes(pool: pg.Pool): Router {
  const router = Router();
  router.use("/flowcampaign", adminsOnly);

  router.get("/flowcampaign", async (_req, res) => {
    res.json(await listFlowCampaigns(pool, actorOf(res)));
  });

  router.get("/flowcampaign/:id", async (req, res) => {
    const actor = actorOf(res);
    const id = parse(zIdParam, req.params.id);
    res.json(await onPooledClient(pool, (client) => showFlowCampaign(client, actor, id)));
  });

  router.post("/flowcampaign", async (req, res) => {
    const actor = actorOf(res);
    const input = parse(ZCreateFlowCampaignRequestSchema, req.body ?? {});
    res.status(201).json(await transaction(pool, (client) => createFlowCampaign(client, actor, input)));
  });

  router.put("/flowcampaign", async (req, res) => {
    const actor = actorOf(res);
    const input = parse(ZUpdateFlowCampaignRequestSchema, req.body ?? {});
    res.json(await transaction(pool, (client) => updateFlowCampaign(client, actor, input)));
  });

  router.delete("/flowcampaign/:id", async (req, res) => {
    const actor = actorOf(res);
    const id = parse(zIdParam, req.params.id);
    await transaction(pool, (client) => deleteFlowCampaign(client, actor, id));
    res.json({ message: "Phrase campaign deleted" });
  });

  return router;
}
