// Contact lists and their items (spec 3 §7 Contact lists): CRUD, search, pages, and the .xls/.xlsx import that
// runs through the contacts import's worker threads (contact-import-runner.ts; decision 0076). Admins of a plan
// with useCampaigns; routes are parse -> use case in a transaction -> answer.

import { unlink } from "node:fs/promises";
import { Router } from "express";
import type pg from "pg";
import { actorOf } from "../auth/authenticate.ts";
import { authorizeCampaigns } from "../campaigns/campaign-policy.ts";
import { receiveSpreadsheet, settledWithin } from "../contacts/contact-import-routes.ts";
import type { ContactImportRunner } from "../contacts/contact-import-runner.ts";
import { createImport, findImport } from "../contacts/contact-import-store.ts";
import {
  ZCreateContactListItemRequestSchema,
  ZListContactListItemsQuerySchema,
  ZListContactListsQuerySchema,
  ZSaveContactListRequestSchema,
  ZUpdateContactListItemRequestSchema,
} from "../contract/contact-lists.ts";
import { zIdParam } from "../contract/ids.ts";
import { lazyUseCase } from "../db/lazy-use-case.ts";
import { AppError, invalidInput, parse } from "../kernel/errors.ts";
import { logger } from "../kernel/logger.ts";
import { transaction } from "../kernel/transaction.ts";
import {
  allContactLists,
  listContactListItemsPage,
  listContactListsPage,
  loadContactList,
  loadContactListItem,
} from "./contact-list-queries.ts";
import { importContactListFile } from "./import-contact-list-file.ts";

// On the company EntityManager: MikroORM loads on the first write (decision 0039).
const lists = async () => import("./save-contact-list.ts");
const items = async () => import("./save-contact-list-item.ts");
const createContactList = lazyUseCase(async () => (await lists()).createContactList);
const updateContactList = lazyUseCase(async () => (await lists()).updateContactList);
const deleteContactList = lazyUseCase(async () => (await lists()).deleteContactList);
const createContactListItem = lazyUseCase(async () => (await items()).createContactListItem);
const updateContactListItem = lazyUseCase(async () => (await items()).updateContactListItem);
const deleteContactListItem = lazyUseCase(async () => (await items()).deleteContactListItem);

/** Spec 3 §5: a list imports only .xls and .xlsx. */
const LIST_SHEET = /\.(xls|xlsx)$/i;

export function contactListRoutes(
  pool: pg.Pool,
  runner: ContactImportRunner,
  opts: { dataDir: string; waitMs: number },
): Router {
  const router = Router();

  router.get("/contact-lists/list", async (_req, res) => {
    const actor = actorOf(res);
    await authorizeCampaigns(pool, actor);
    res.json(await allContactLists(pool, actor.companyId));
  });

  router.get("/contact-lists", async (req, res) => {
    const actor = actorOf(res);
    await authorizeCampaigns(pool, actor);
    res.json(await listContactListsPage(pool, actor.companyId, parse(ZListContactListsQuerySchema, req.query)));
  });

  router.get("/contact-lists/:id", async (req, res) => {
    const actor = actorOf(res);
    await authorizeCampaigns(pool, actor);
    res.json(await loadContactList(pool, actor.companyId, parse(zIdParam, req.params.id)));
  });

  router.post("/contact-lists", async (req, res) => {
    const actor = actorOf(res);
    // The plan and the profile first: a refused page answers no validation texts.
    await authorizeCampaigns(pool, actor);
    const input = parse(ZSaveContactListRequestSchema, req.body ?? {});
    res.json(await transaction(pool, (client) => createContactList(client, actor, input)));
  });

  router.put("/contact-lists/:id", async (req, res) => {
    const actor = actorOf(res);
    await authorizeCampaigns(pool, actor);
    const id = parse(zIdParam, req.params.id);
    const input = parse(ZSaveContactListRequestSchema, req.body ?? {});
    res.json(await transaction(pool, (client) => updateContactList(client, actor, id, input)));
  });

  router.delete("/contact-lists/:id", async (req, res) => {
    const actor = actorOf(res);
    const id = parse(zIdParam, req.params.id);
    await transaction(pool, (client) => deleteContactList(client, actor, id));
    res.json({ message: "Contact list deleted" });
  });

  // The sheet goes to disk and its rows are read in a worker thread (never here); the answer is the counts when
  // the job ends within waitMs, else 202 with the job to poll at GET /contacts/upload/{importId}.
  router.post("/contact-lists/:id/upload", receiveSpreadsheet(opts.dataDir), async (req, res) => {
    const actor = actorOf(res);
    const file = req.file;
    let jobId: number;
    let contactListId: number;
    try {
      await authorizeCampaigns(pool, actor);
      contactListId = parse(zIdParam, req.params.id);
      if (!file) throw invalidInput("Required", "file");
      await loadContactList(pool, actor.companyId, contactListId);
      if (!LIST_SHEET.test(file.originalname)) throw invalidInput("Formato de arquivo inválido (xls, xlsx)", "file");
      jobId = (await createImport(pool, actor.companyId, actor.id, file.originalname, contactListId)).id;
    } catch (err) {
      if (file) await unlink(file.path).catch(() => {});
      throw err;
    }
    const outcome = runner.run({
      id: jobId,
      companyId: actor.companyId,
      path: file.path,
      originalname: file.originalname,
      saveRows: (client, companyId, rows, ignored) =>
        importContactListFile(client, companyId, contactListId, rows, ignored),
    });
    outcome.catch((err: unknown) => logger.error({ err }, "contact list import failed"));
    const ended = await settledWithin(outcome, opts.waitMs);
    res.setHeader("Location", `/contacts/upload/${jobId}`);
    if (!ended) {
      res.status(202).json(await findImport(pool, actor.companyId, jobId));
      return;
    }
    if (!ended.ok) {
      const { error, message, fields, data } = ended.error;
      throw new AppError(error, message, { fields, data: { ...data, importId: jobId } });
    }
    res.json(ended.counts);
  });

  router.get("/contact-list-items", async (req, res) => {
    const actor = actorOf(res);
    await authorizeCampaigns(pool, actor);
    const q = parse(ZListContactListItemsQuerySchema, req.query);
    res.json(await listContactListItemsPage(pool, actor.companyId, q));
  });

  router.get("/contact-list-items/:id", async (req, res) => {
    const actor = actorOf(res);
    await authorizeCampaigns(pool, actor);
    res.json(await loadContactListItem(pool, actor.companyId, parse(zIdParam, req.params.id)));
  });

  router.post("/contact-list-items", async (req, res) => {
    const actor = actorOf(res);
    await authorizeCampaigns(pool, actor);
    const input = parse(ZCreateContactListItemRequestSchema, req.body ?? {});
    res.json(await transaction(pool, (client) => createContactListItem(client, actor, input)));
  });

  router.put("/contact-list-items/:id", async (req, res) => {
    const actor = actorOf(res);
    await authorizeCampaigns(pool, actor);
    const id = parse(zIdParam, req.params.id);
    const input = parse(ZUpdateContactListItemRequestSchema, req.body ?? {});
    res.json(await transaction(pool, (client) => updateContactListItem(client, actor, id, input)));
  });

  router.delete("/contact-list-items/:id", async (req, res) => {
    const actor = actorOf(res);
    const id = parse(zIdParam, req.params.id);
    await transaction(pool, (client) => deleteContactListItem(client, actor, id));
    res.json({ message: "Contact list item deleted" });
  });

  return router;
}
