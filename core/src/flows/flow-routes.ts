// Flows (spec 2 §7 "Flows"): GET /flowbuilder (pages), POST /flowbuilder {name}, PUT /flowbuilder {name,
// flowId}, DELETE /flowbuilder/{id}, POST /flowbuilder/duplicate {flowId}, GET /flowbuilder/flow/{id}, POST
// /flowbuilder/flow {idFlow, nodes, connections}, and the media uploads POST /flowbuilder/img|audio|content.
// Admins only. Routes are parse -> use case in a transaction -> answer.
import { type NextFunction, type Request, type Response, Router } from "express";
import type pg from "pg";
import { actorOf, bearer } from "../auth/authenticate.ts";
import {
  FLOW_MEDIA_FIELD,
  type FlowMediaKind,
  ZCreateFlowRequestSchema,
  ZDuplicateFlowRequestSchema,
  ZListFlowsQuerySchema,
  ZSaveFlowRequestSchema,
  ZUpdateFlowRequestSchema,
} from "../contract/flows.ts";
import { zIdParam } from "../contract/ids.ts";
import { lazyUseCase } from "../db/lazy-use-case.ts";
import { invalidInput, parse } from "../kernel/errors.ts";
import { onPooledClient, transaction } from "../kernel/transaction.ts";
import { mediaUrlOf } from "../media/media-store.ts";
import { discardUploads, mediaUpload } from "../media/upload.ts";
import { checkFlowMedia } from "./flow-media.ts";
import { authorizeFlows } from "./flow-policy.ts";
import { flowPublishedPoke } from "./flow-published-poke.ts";
import { listFlows } from "./list-flows.ts";

// On the company EntityManager (decision 0028): loaded on the first call, not at start (decision 0039).
const createFlow = lazyUseCase(async () => (await import("./create-flow.ts")).createFlow);
const renameFlow = lazyUseCase(async () => (await import("./rename-flow.ts")).renameFlow);
const duplicateFlow = lazyUseCase(async () => (await import("./duplicate-flow.ts")).duplicateFlow);
const deleteFlow = lazyUseCase(async () => (await import("./delete-flow.ts")).deleteFlow);
const showFlow = lazyUseCase(async () => (await import("./find-flow.ts")).showFlow);
const saveFlow = lazyUseCase(async () => (await import("./save-flow.ts")).saveFlow);

function adminsOnly(_req: Request, res: Response, next: NextFunction) {
  try {
    authorizeFlows(actorOf(res));
    next();
  } catch (err) {
    next(err);
  }
}

export function flowRoutes(pool: pg.Pool, dataDir: string, syncUrl?: string): Router {
  const router = Router();
  const poke = flowPublishedPoke(syncUrl);
  router.use("/flowbuilder", adminsOnly);

  router.get("/flowbuilder", async (req, res) => {
    const actor = actorOf(res);
    res.json(await listFlows(pool, actor.companyId, parse(ZListFlowsQuerySchema, req.query)));
  });

  router.post("/flowbuilder", async (req, res) => {
    const actor = actorOf(res);
    const input = parse(ZCreateFlowRequestSchema, req.body ?? {});
    res.status(201).json(await transaction(pool, (client) => createFlow(client, actor, input)));
  });

  router.put("/flowbuilder", async (req, res) => {
    const actor = actorOf(res);
    const input = parse(ZUpdateFlowRequestSchema, req.body ?? {});
    res.json(await transaction(pool, (client) => renameFlow(client, actor, input)));
  });

  router.post("/flowbuilder/duplicate", async (req, res) => {
    const actor = actorOf(res);
    const { flowId } = parse(ZDuplicateFlowRequestSchema, req.body ?? {});
    res.status(201).json(await transaction(pool, (client) => duplicateFlow(client, actor, flowId)));
  });

  router.get("/flowbuilder/flow/:id", async (req, res) => {
    const actor = actorOf(res);
    const id = parse(zIdParam, req.params.id);
    res.json(await onPooledClient(pool, (client) => showFlow(client, actor, id)));
  });

  router.post("/flowbuilder/flow", async (req, res) => {
    const actor = actorOf(res);
    const input = parse(ZSaveFlowRequestSchema, req.body ?? {});
    const saved = await transaction(pool, (client) => saveFlow(client, actor, input));
    // What runs becomes the drawing too (decision 0107): editors with the flow open see it before the answer.
    const token = bearer(req);
    if (token) await poke(token, input.idFlow);
    res.json(saved);
  });

  // The video dialog posts to the audio path (spec 2 §7): it takes both.
  const uploads: [string, FlowMediaKind[], "one" | "many"][] = [
    ["/flowbuilder/img", ["img"], "one"],
    ["/flowbuilder/audio", ["audio", "video"], "one"],
    ["/flowbuilder/content", ["img", "audio", "video"], "many"],
  ];
  for (const [path, accepted, count] of uploads) {
    router.post(path, mediaUpload(dataDir, FLOW_MEDIA_FIELD), async (req, res) => {
      const actor = actorOf(res);
      const files = (req.files as Express.Multer.File[] | undefined) ?? [];
      try {
        if (files.length === 0 || (count === "one" && files.length > 1)) {
          throw invalidInput(count === "one" ? "One file" : "At least one file", FLOW_MEDIA_FIELD);
        }
        for (const file of files) checkFlowMedia(file, accepted, FLOW_MEDIA_FIELD);
        const names = files.map((f) => mediaUrlOf(actor.companyId, f.filename));
        res.json({ name: count === "one" ? names[0] : names });
      } catch (err) {
        await discardUploads(files);
        throw err;
      }
    });
  }

  router.delete("/flowbuilder/:id", async (req, res) => {
    const actor = actorOf(res);
    const id = parse(zIdParam, req.params.id);
    await transaction(pool, (client) => deleteFlow(client, actor, id));
    res.json({ message: "Flow deleted" });
  });

  return router;
}
