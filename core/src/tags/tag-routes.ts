// Tags (spec 1 §7 Contacts and Tickets, spec 2 §7 Tags): the company's tags,
// the contact's tags and the ticket's tags.
import { Router } from "express";
import type pg from "pg";
import { z } from "zod";
import { actorOf } from "../auth/authenticate.ts";
import { loadContact } from "../contacts/contact-queries.ts";
import { ZCreateTagRequestSchema, ZSyncTagsRequestSchema, ZUpdateTagRequestSchema } from "../contract/contacts.ts";
import { zIdParam } from "../contract/ids.ts";
import { lazyUseCase } from "../db/lazy-use-case.ts";
import { parse } from "../kernel/errors.ts";
import { onPooledClient, transaction } from "../kernel/transaction.ts";
import { addTicketTag } from "./add-ticket-tag.ts";
import { listTags, listTagsPage, listTicketTags } from "./list-tags.ts";
import { removeContactTag } from "./remove-contact-tag.ts";
import { removeTicketTags } from "./remove-ticket-tags.ts";
import { syncContactTags } from "./sync-contact-tags.ts";

export { TAGS_PAGE_SIZE } from "./list-tags.ts";

// On the company EntityManager: loaded with MikroORM on the first call (decision 0039).
const createTag = lazyUseCase(async () => (await import("./create-tag.ts")).createTag);
const showTag = lazyUseCase(async () => (await import("./find-tag.ts")).showTag);
const updateTag = lazyUseCase(async () => (await import("./update-tag.ts")).updateTag);
const deleteTag = lazyUseCase(async () => (await import("./delete-tag.ts")).deleteTag);

/** kanban=1 only lanes, kanban=0 only plain tags, absent both. */
const ZKanbanQuery = z.enum(["0", "1"]).transform(Number).optional();
const ZListTagsQuery = z.object({
  searchParam: z.string().trim().toLowerCase().optional(),
  pageNumber: z.coerce.number().int().positive().default(1),
  kanban: ZKanbanQuery,
  /** Only this tag (a list row refreshed after an edit). */
  tagId: zIdParam.optional(),
});

export function tagRoutes(pool: pg.Pool): Router {
  const router = Router();

  router.post("/tags", async (req, res) => {
    const actor = actorOf(res);
    const input = parse(ZCreateTagRequestSchema, req.body ?? {});
    res.json(await transaction(pool, (client) => createTag(client, actor, input)));
  });

  router.get("/tags/list", async (req, res) => {
    const actor = actorOf(res);
    const { kanban } = parse(z.object({ kanban: ZKanbanQuery }), req.query);
    res.json(await listTags(pool, actor.companyId, { kanban }));
  });

  router.get("/tags", async (req, res) => {
    const actor = actorOf(res);
    res.json(await listTagsPage(pool, actor.companyId, parse(ZListTagsQuery, req.query)));
  });

  router.post("/tags/sync", async (req, res) => {
    const actor = actorOf(res);
    const input = parse(ZSyncTagsRequestSchema, req.body ?? {});
    await transaction(pool, (client) => syncContactTags(client, actor, input));
    const contact = await loadContact(pool, actor.companyId, input.contactId);
    res.json({ contactId: contact.id, tags: contact.tags });
  });

  router.get("/tags/:id", async (req, res) => {
    const actor = actorOf(res);
    const id = parse(zIdParam, req.params.id);
    res.json(await onPooledClient(pool, (client) => showTag(client, actor, id)));
  });

  router.put("/tags/:id", async (req, res) => {
    const actor = actorOf(res);
    const id = parse(zIdParam, req.params.id);
    const input = parse(ZUpdateTagRequestSchema, req.body ?? {});
    res.json(await transaction(pool, (client) => updateTag(client, actor, id, input)));
  });

  router.delete("/tags/:id", async (req, res) => {
    const actor = actorOf(res);
    const id = parse(zIdParam, req.params.id);
    await transaction(pool, (client) => deleteTag(client, actor, id));
    res.json({ message: "Tag deleted" });
  });

  router.delete("/tags-contacts/:tagId/:contactId", async (req, res) => {
    const actor = actorOf(res);
    const tagId = parse(zIdParam, req.params.tagId);
    const contactId = parse(zIdParam, req.params.contactId);
    await transaction(pool, (client) => removeContactTag(client, actor, tagId, contactId));
    res.json({ message: "Tag removed" });
  });

  router.get("/contactTags/:contactId", async (req, res) => {
    const actor = actorOf(res);
    const contact = await loadContact(pool, actor.companyId, parse(zIdParam, req.params.contactId));
    res.json({ tags: contact.tags });
  });

  router.put("/ticket-tags/:ticketId/:tagId", async (req, res) => {
    const actor = actorOf(res);
    const ticketId = parse(zIdParam, req.params.ticketId);
    const tagId = parse(zIdParam, req.params.tagId);
    await transaction(pool, (client) => addTicketTag(client, actor, ticketId, tagId));
    res.json({ ticketId, tags: await listTicketTags(pool, actor.companyId, ticketId) });
  });

  router.delete("/ticket-tags/:ticketId", async (req, res) => {
    const actor = actorOf(res);
    const ticketId = parse(zIdParam, req.params.ticketId);
    const removed = await transaction(pool, (client) => removeTicketTags(client, actor, ticketId));
    res.json({ ticketId, removed });
  });

  return router;
}
