// Queue integrations (spec 2 §7 Integrations): GET /queueIntegration (searchParam, pageNumber), GET, PUT,
// DELETE /queueIntegration/{id}, POST /queueIntegration, POST /queueIntegration/testSession. Admins of a plan
// with useIntegrations; routes are parse -> use case in a transaction -> answer.
import { Router } from "express";
import type pg from "pg";
import { actorOf } from "../auth/authenticate.ts";
import { zIdParam } from "../contract/ids.ts";
import {
  PRIVATE_URL_MESSAGE,
  type TQueueIntegrationRequest,
  ZListIntegrationsQuerySchema,
  ZQueueIntegrationRequestSchema,
  ZTestSessionRequestSchema,
} from "../contract/integrations.ts";
import { lazyUseCase } from "../db/lazy-use-case.ts";
import { invalidInput, parse } from "../kernel/errors.ts";
import { transaction } from "../kernel/transaction.ts";
import { checkDialogflowCredentials } from "./dialogflow-credentials.ts";
import { authorizeIntegrations } from "./integration-policy.ts";
import { listIntegrations, loadIntegration } from "./integration-queries.ts";
import { namesPrivateAddress } from "./outbound-http.ts";

// The writes run on the company EntityManager: MikroORM loads on the first one (lazy-use-case.ts).
const createIntegration = lazyUseCase(async () => (await import("./save-integration.ts")).createIntegration);
const updateIntegration = lazyUseCase(async () => (await import("./save-integration.ts")).updateIntegration);
const deleteIntegration = lazyUseCase(async () => (await import("./save-integration.ts")).deleteIntegration);

/**
 * The URL refused at save when it names a private address, by the rule the worker applies on every call
 * (decision 0118); checked before the transaction, as a name's lookup may take a while.
 */
async function assertPublicTarget(input: TQueueIntegrationRequest, allowPrivate: boolean): Promise<void> {
  if (allowPrivate || !input.urlN8N) return;
  if (await namesPrivateAddress(input.urlN8N)) throw invalidInput(PRIVATE_URL_MESSAGE, "urlN8N");
}

export function integrationRoutes(pool: pg.Pool, opts: { allowPrivateTargets: boolean }): Router {
  const router = Router();

  router.get("/queueIntegration", async (req, res) => {
    const actor = actorOf(res);
    await authorizeIntegrations(pool, actor);
    res.json(await listIntegrations(pool, actor.companyId, parse(ZListIntegrationsQuerySchema, req.query)));
  });

  router.post("/queueIntegration/testSession", async (req, res) => {
    const actor = actorOf(res);
    await authorizeIntegrations(pool, actor);
    res.json(checkDialogflowCredentials(parse(ZTestSessionRequestSchema, req.body ?? {})));
  });

  router.get("/queueIntegration/:id", async (req, res) => {
    const actor = actorOf(res);
    await authorizeIntegrations(pool, actor);
    res.json(await loadIntegration(pool, actor.companyId, parse(zIdParam, req.params.id)));
  });

  router.post("/queueIntegration", async (req, res) => {
    const actor = actorOf(res);
    // The plan and the profile first: a refused page answers no validation texts.
    await authorizeIntegrations(pool, actor);
    const input = parse(ZQueueIntegrationRequestSchema, req.body ?? {});
    await assertPublicTarget(input, opts.allowPrivateTargets);
    res.json(await transaction(pool, (client) => createIntegration(client, actor, input)));
  });

  router.put("/queueIntegration/:id", async (req, res) => {
    const actor = actorOf(res);
    // The plan and the profile first: a refused page answers no validation texts.
    await authorizeIntegrations(pool, actor);
    const id = parse(zIdParam, req.params.id);
    const input = parse(ZQueueIntegrationRequestSchema, req.body ?? {});
    await assertPublicTarget(input, opts.allowPrivateTargets);
    res.json(await transaction(pool, (client) => updateIntegration(client, actor, id, input)));
  });

  router.delete("/queueIntegration/:id", async (req, res) => {
    const actor = actorOf(res);
    const id = parse(zIdParam, req.params.id);
    await transaction(pool, (client) => deleteIntegration(client, actor, id));
    res.json({ message: "Integration deleted" });
  });

  return router;
}
