// GET /chatbot/{id}, POST /chatbot, PUT /chatbot/{id}, DELETE /chatbot/{id}
// (spec 2 §7 "Queues and options"): admins only, like the queues themselves (§6).
import { Router } from "express";
import type pg from "pg";
import { actorOf } from "../auth/authenticate.ts";
import { ZCreateChatbotRequestSchema, ZUpdateChatbotRequestSchema } from "../contract/chatbots.ts";
import { zIdParam } from "../contract/ids.ts";
import { parse } from "../kernel/errors.ts";
import { transaction } from "../kernel/transaction.ts";
import { loadChatbot } from "../queues/load-chatbot.ts";
import { authorizeQueue } from "../queues/queue-policy.ts";
import { createChatbot, deleteChatbot, updateChatbot } from "./save-chatbot.ts";

export function chatbotRoutes(pool: pg.Pool): Router {
  const router = Router();
  router.get("/chatbot/:id", async (req, res) => {
    const actor = actorOf(res);
    authorizeQueue(actor, "update");
    res.json(await loadChatbot(pool, actor.companyId, parse(zIdParam, req.params.id)));
  });
  router.post("/chatbot", async (req, res) => {
    const actor = actorOf(res);
    authorizeQueue(actor, "update");
    const input = parse(ZCreateChatbotRequestSchema, req.body);
    res.status(201).json(await transaction(pool, (c) => createChatbot(c, actor, input)));
  });
  router.put("/chatbot/:id", async (req, res) => {
    const actor = actorOf(res);
    authorizeQueue(actor, "update");
    const id = parse(zIdParam, req.params.id);
    const input = parse(ZUpdateChatbotRequestSchema, req.body);
    res.json(await transaction(pool, (c) => updateChatbot(c, actor, id, input)));
  });
  router.delete("/chatbot/:id", async (req, res) => {
    const actor = actorOf(res);
    authorizeQueue(actor, "delete");
    const id = parse(zIdParam, req.params.id);
    await transaction(pool, (c) => deleteChatbot(c, actor, id));
    res.status(204).end();
  });
  return router;
}
