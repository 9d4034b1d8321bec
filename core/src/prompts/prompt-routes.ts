// AI prompts (spec 2 §7 Prompts): GET /prompt, GET, PUT, DELETE /prompt/{id}, POST /prompt. Admins of a plan with
// useOpenAi; routes are parse -> use case in a transaction -> answer.
import { Router } from "express";
import type pg from "pg";
import { actorOf } from "../auth/authenticate.ts";
import { zIdParam } from "../contract/ids.ts";
import { ZCreatePromptRequestSchema, ZUpdatePromptRequestSchema } from "../contract/prompts.ts";
import { lazyUseCase } from "../db/lazy-use-case.ts";
import { authorizePrompts } from "../integrations/integration-policy.ts";
import { parse } from "../kernel/errors.ts";
import { transaction } from "../kernel/transaction.ts";
import { listPrompts, loadPrompt } from "./prompt-queries.ts";

// The writes run on the company EntityManager: MikroORM loads on the first one (lazy-use-case.ts).
const createPrompt = lazyUseCase(async () => (await import("./save-prompt.ts")).createPrompt);
const updatePrompt = lazyUseCase(async () => (await import("./save-prompt.ts")).updatePrompt);
const deletePrompt = lazyUseCase(async () => (await import("./save-prompt.ts")).deletePrompt);

export function promptRoutes(pool: pg.Pool): Router {
  const router = Router();

  router.get("/prompt", async (_req, res) => {
    const actor = actorOf(res);
    await authorizePrompts(pool, actor);
    res.json(await listPrompts(pool, actor.companyId));
  });

  router.get("/prompt/:id", async (req, res) => {
    const actor = actorOf(res);
    await authorizePrompts(pool, actor);
    res.json(await loadPrompt(pool, actor.companyId, parse(zIdParam, req.params.id)));
  });

  router.post("/prompt", async (req, res) => {
    const actor = actorOf(res);
    // The plan and the profile first: a refused page answers no validation texts.
    await authorizePrompts(pool, actor);
    const input = parse(ZCreatePromptRequestSchema, req.body ?? {});
    res.json(await transaction(pool, (client) => createPrompt(client, actor, input)));
  });

  router.put("/prompt/:id", async (req, res) => {
    const actor = actorOf(res);
    // The plan and the profile first: a refused page answers no validation texts.
    await authorizePrompts(pool, actor);
    const id = parse(zIdParam, req.params.id);
    const input = parse(ZUpdatePromptRequestSchema, req.body ?? {});
    res.json(await transaction(pool, (client) => updatePrompt(client, actor, id, input)));
  });

  router.delete("/prompt/:id", async (req, res) => {
    const actor = actorOf(res);
    const id = parse(zIdParam, req.params.id);
    await transaction(pool, (client) => deletePrompt(client, actor, id));
    res.json({ message: "Prompt deleted" });
  });

  return router;
}
