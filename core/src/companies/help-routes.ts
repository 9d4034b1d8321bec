// Help videos (spec 3 §7): GET /helps and GET /helps/list for every signed-in user (the help page and the
// menu's helps item, shown only when records exist); POST /helps, PUT /helps/{id}, DELETE /helps/{id} for the
// super user only. They are the platform's, not a company's. Routes are parse -> use case -> answer.
import { Router } from "express";
import type pg from "pg";
import { actorOf } from "../auth/authenticate.ts";
import { ZHelpRequestSchema } from "../contract/helps.ts";
import { zIdParam } from "../contract/ids.ts";
import { lazyUseCase } from "../db/lazy-use-case.ts";
import { parse } from "../kernel/errors.ts";
import { transaction } from "../kernel/transaction.ts";
import { authorizeHelpEdits } from "./help-policy.ts";
import { listHelps } from "./list-helps.ts";

// The writes run on the EntityManager: MikroORM loads on the first one (lazy-use-case.ts).
const createHelp = lazyUseCase(async () => (await import("./create-help.ts")).createHelp);
const updateHelp = lazyUseCase(async () => (await import("./update-help.ts")).updateHelp);
const deleteHelp = lazyUseCase(async () => (await import("./delete-help.ts")).deleteHelp);

export function helpRoutes(pool: pg.Pool): Router {
  const router = Router();
  router.get("/helps", async (_req, res) => {
    res.json(await listHelps(pool));
  });
  router.get("/helps/list", async (_req, res) => {
    res.json(await listHelps(pool));
  });
  router.post("/helps", async (req, res) => {
    const actor = actorOf(res);
    // The profile first: a refused user reads no validation texts.
    authorizeHelpEdits(actor);
    const input = parse(ZHelpRequestSchema, req.body);
    res.status(201).json(await transaction(pool, (client) => createHelp(client, actor, input)));
  });
  router.put("/helps/:id", async (req, res) => {
    const actor = actorOf(res);
    authorizeHelpEdits(actor);
    const id = parse(zIdParam, req.params.id);
    const input = parse(ZHelpRequestSchema, req.body);
    res.json(await transaction(pool, (client) => updateHelp(client, actor, id, input)));
  });
  router.delete("/helps/:id", async (req, res) => {
    const actor = actorOf(res);
    authorizeHelpEdits(actor);
    const id = parse(zIdParam, req.params.id);
    await transaction(pool, (client) => deleteHelp(client, actor, id));
    res.json({ message: "Help deleted" });
  });
  return router;
}
