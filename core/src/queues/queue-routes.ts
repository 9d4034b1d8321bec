// GET /queue, GET /queue/{id}, POST /queue, PUT /queue/{id}, DELETE /queue/{id}.
import { Router } from "express";
import type pg from "pg";
import { actorOf } from "../auth/authenticate.ts";
import { zIdParam } from "../contract/ids.ts";
import { ZCreateQueueRequestSchema, ZUpdateQueueRequestSchema } from "../contract/queues.ts";
import { parse } from "../kernel/errors.ts";
import { transaction } from "../kernel/transaction.ts";
import { createQueue } from "./create-queue.ts";
import { deleteQueue } from "./delete-queue.ts";
import { loadQueueChatbots } from "./load-chatbot.ts";
import { listQueues, loadQueue } from "./load-queue.ts";
import { authorizeQueue, canQueue } from "./queue-policy.ts";
import { updateQueue } from "./update-queue.ts";

export function queueRoutes(pool: pg.Pool): Router {
  const router = Router();
  router.get("/queue", async (_req, res) => {
    const actor = actorOf(res);
    authorizeQueue(actor, "read");
    res.json(await listQueues(pool, actor.companyId));
  });
  router.get("/queue/:id", async (req, res) => {
    const actor = actorOf(res);
    authorizeQueue(actor, "read");
    const queue = await loadQueue(pool, actor.companyId, parse(zIdParam, req.params.id));
    // The option tree is admin configuration (spec 2 §6); members read the queue alone.
    const chatbots = canQueue(actor, "update") ? await loadQueueChatbots(pool, actor.companyId, queue.id) : [];
    res.json({ ...queue, chatbots });
  });
  router.post("/queue", async (req, res) => {
    const actor = actorOf(res);
    authorizeQueue(actor, "create");
    const input = parse(ZCreateQueueRequestSchema, req.body);
    res.status(201).json(await transaction(pool, (c) => createQueue(c, actor, input)));
  });
  router.put("/queue/:id", async (req, res) => {
    const actor = actorOf(res);
    authorizeQueue(actor, "update");
    const id = parse(zIdParam, req.params.id);
    const input = parse(ZUpdateQueueRequestSchema, req.body);
    res.json(await transaction(pool, (c) => updateQueue(c, actor, id, input)));
  });
  router.delete("/queue/:id", async (req, res) => {
    const actor = actorOf(res);
    const id = parse(zIdParam, req.params.id);
    await transaction(pool, (c) => deleteQueue(c, actor, id));
    res.status(204).end();
  });
  return router;
}
