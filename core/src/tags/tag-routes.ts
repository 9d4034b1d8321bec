// Tags (spec 1 §7 Contacts and Tickets, spec 2 §7 Tags): the company's tags,
// the contact's tags and the ticket's tags.
import { Router } from "express";
import type pg from "pg";
import { z } from "zod";
import { actorOf } from "../auth/authenticate.ts";
import { loadContact } from "../contacts/contact-queries.ts";
import { contains } from "../contacts/list-contacts.ts";
import {
  type TagDTO,
  ZCreateTagRequestSchema,
  ZSyncTagsRequestSchema,
  ZUpdateTagRequestSchema,
} from "../contract/contacts.ts";
import { zIdParam } from "../contract/ids.ts";
import { parse, tagNotFound } from "../http/errors.ts";
import { inTransaction } from "../sync/change-log.ts";
import { addTicketTag } from "./add-ticket-tag.ts";
import { createTag } from "./create-tag.ts";
import { deleteTag } from "./delete-tag.ts";
import { removeContactTag } from "./remove-contact-tag.ts";
import { removeTicketTags } from "./remove-ticket-tags.ts";
import { syncContactTags } from "./sync-contact-tags.ts";
import { TAG_COLUMNS } from "./tag-queries.ts";
import { updateTag } from "./update-tag.ts";

export const TAGS_PAGE_SIZE = 20;

/** kanban=1 only lanes, kanban=0 only plain tags, absent both. */
const ZKanbanQuery = z.enum(["0", "1"]).transform(Number).optional();

export function tagRoutes(pool: pg.Pool): Router {
  const router = Router();

  const loadTag = async (companyId: number, id: number) => {
    const { rows } = await pool.query<TagDTO>(
      `SELECT ${TAG_COLUMNS} FROM tags tg WHERE tg.id = $1 AND tg.company_id = $2`,
      [id, companyId],
    );
    if (!rows[0]) throw tagNotFound();
    return rows[0];
  };

  router.post("/tags", async (req, res) => {
    const actor = actorOf(res);
    const input = parse(ZCreateTagRequestSchema, req.body ?? {});
    const id = await inTransaction(pool, (client) => createTag(client, actor, input));
    res.json(await loadTag(actor.companyId, id));
  });

  router.get("/tags/list", async (req, res) => {
    const actor = actorOf(res);
    const { kanban } = parse(z.object({ kanban: ZKanbanQuery }), req.query);
    const { rows } = await pool.query<TagDTO>(
      `SELECT ${TAG_COLUMNS} FROM tags tg WHERE tg.company_id = $1 AND ($2::int IS NULL OR tg.kanban = $2)
       ORDER BY lower(tg.name), tg.id`,
      [actor.companyId, kanban ?? null],
    );
    res.json(rows);
  });

  router.get("/tags", async (req, res) => {
    const actor = actorOf(res);
    const q = parse(
      z.object({
        searchParam: z.string().trim().toLowerCase().optional(),
        pageNumber: z.coerce.number().int().positive().default(1),
        kanban: ZKanbanQuery,
      }),
      req.query,
    );
    const params = [actor.companyId, q.searchParam ? contains(q.searchParam) : null, q.kanban ?? null];
    const filter =
      "tg.company_id = $1 AND ($2::text IS NULL OR lower(tg.name) LIKE $2) AND ($3::int IS NULL OR tg.kanban = $3)";
    const count = await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM tags tg WHERE ${filter}`, params);
    const offset = (q.pageNumber - 1) * TAGS_PAGE_SIZE;
    const { rows } = await pool.query(
      `SELECT ${TAG_COLUMNS},
         (SELECT count(*)::int FROM contact_tags ct WHERE ct.tag_id = tg.id) AS "contactsCount",
         (SELECT count(*)::int FROM ticket_tags tt WHERE tt.tag_id = tg.id) AS "ticketsCount"
       FROM tags tg WHERE ${filter} ORDER BY lower(tg.name), tg.id LIMIT $4 OFFSET $5`,
      [...params, TAGS_PAGE_SIZE, offset],
    );
    const total = count.rows[0]?.n ?? 0;
    res.json({ tags: rows, count: total, hasMore: offset + rows.length < total });
  });

  router.post("/tags/sync", async (req, res) => {
    const actor = actorOf(res);
    const input = parse(ZSyncTagsRequestSchema, req.body ?? {});
    await inTransaction(pool, (client) => syncContactTags(client, actor, input));
    const contact = await loadContact(pool, actor.companyId, input.contactId);
    res.json({ contactId: contact.id, tags: contact.tags });
  });

  router.get("/tags/:id", async (req, res) => {
    const actor = actorOf(res);
    res.json(await loadTag(actor.companyId, parse(zIdParam, req.params.id)));
  });

  router.put("/tags/:id", async (req, res) => {
    const actor = actorOf(res);
    const id = parse(zIdParam, req.params.id);
    const input = parse(ZUpdateTagRequestSchema, req.body ?? {});
    await inTransaction(pool, (client) => updateTag(client, actor, id, input));
    res.json(await loadTag(actor.companyId, id));
  });

  router.delete("/tags/:id", async (req, res) => {
    const actor = actorOf(res);
    const id = parse(zIdParam, req.params.id);
    await inTransaction(pool, (client) => deleteTag(client, actor, id));
    res.json({ message: "Tag deleted" });
  });

  router.delete("/tags-contacts/:tagId/:contactId", async (req, res) => {
    const actor = actorOf(res);
    const tagId = parse(zIdParam, req.params.tagId);
    const contactId = parse(zIdParam, req.params.contactId);
    await inTransaction(pool, (client) => removeContactTag(client, actor, tagId, contactId));
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
    await inTransaction(pool, (client) => addTicketTag(client, actor, ticketId, tagId));
    res.json({ ticketId, tags: await ticketTags(pool, ticketId) });
  });

  router.delete("/ticket-tags/:ticketId", async (req, res) => {
    const actor = actorOf(res);
    const ticketId = parse(zIdParam, req.params.ticketId);
    const removed = await inTransaction(pool, (client) => removeTicketTags(client, actor, ticketId));
    res.json({ ticketId, removed });
  });

  return router;
}

async function ticketTags(pool: pg.Pool, ticketId: number): Promise<TagDTO[]> {
  const { rows } = await pool.query<TagDTO>(
    `SELECT ${TAG_COLUMNS} FROM ticket_tags tt JOIN tags tg ON tg.id = tt.tag_id WHERE tt.ticket_id = $1
     ORDER BY lower(tg.name), tg.id`,
    [ticketId],
  );
  return rows;
}
