// The contacts calls of spec 1 §7: list, pickers, show, create, edit, delete,
// the drawer's switches, block, and the one-row import (the spreadsheet upload is
// contact-import-routes.ts). Each route
// validates, runs its use case in a transaction and answers the contact as the
// caller may read it (presentContact: numbers masked under LGPD).

import { type RequestHandler, Router } from "express";
import type pg from "pg";
import { z } from "zod";
import { recordAudit } from "../audit/record-audit.ts";
import { actorOf } from "../auth/authenticate.ts";
import {
  ZBlockContactRequestSchema,
  ZCreateContactRequestSchema,
  ZImportContactRequestSchema,
  ZListContactsQuerySchema,
  ZUpdateContactRequestSchema,
} from "../contract/contacts.ts";
import { zIdParam } from "../contract/ids.ts";
import type { AbuseLimits } from "../kernel/config.ts";
import { parse } from "../kernel/errors.ts";
import { logger } from "../kernel/logger.ts";
import { hitRateLimit } from "../kernel/rate-limit.ts";
import { transaction } from "../kernel/transaction.ts";
import { presentContact } from "../presenters/present-contact.ts";
import { loadViewer } from "../presenters/viewer.ts";
import { blockContact } from "./block-contact.ts";
import { authorizeContacts } from "./contact-policy.ts";
import { loadContact } from "./contact-queries.ts";
import { createContact } from "./create-contact.ts";
import { deleteContact } from "./delete-contact.ts";
import { exportContacts } from "./export-contacts.ts";
import { findContactByNumber } from "./find-contact-by-number.ts";
import { checkImportedNumber, importContact } from "./import-contact.ts";
import { listAllContacts, listContacts } from "./list-contacts.ts";
import { toggleAcceptAudio, toggleDisableBot } from "./toggle-contact-flag.ts";
import { updateContact } from "./update-contact.ts";

export function contactRoutes(pool: pg.Pool, limits: Pick<AbuseLimits, "contactLookupPerUser">): Router {
  const router = Router();

  /** The contact as the caller sees it, read after the change committed. */
  const answerContact = async (res: Parameters<RequestHandler>[1], id: number) => {
    const actor = actorOf(res);
    const viewer = await loadViewer(pool, actor);
    res.json(presentContact(viewer, await loadContact(pool, actor.companyId, id)));
  };

  router.get("/contacts", async (req, res) => {
    const actor = actorOf(res);
    const q = parse(ZListContactsQuerySchema, req.query);
    const viewer = await loadViewer(pool, actor);
    const page = await listContacts(pool, viewer, q);
    res.json({ ...page, contacts: page.contacts.map((c) => presentContact(viewer, c)) });
  });

  router.get("/contacts/list", async (req, res) => {
    const actor = actorOf(res);
    const { searchParam } = parse(z.object({ searchParam: z.string().trim().toLowerCase().optional() }), req.query);
    const viewer = await loadViewer(pool, actor);
    const contacts = await listAllContacts(pool, viewer, searchParam || undefined);
    res.json(contacts.map((c) => presentContact(viewer, c)));
  });

  // Before /contacts/:id, which would read "export" as an id.
  router.get("/contacts/export", async (req, res) => {
    const actor = actorOf(res);
    authorizeContacts(actor, "export");
    const { pageNumber: _, ...filter } = parse(ZListContactsQuerySchema, req.query);
    const viewer = await loadViewer(pool, actor);
    // Recorded as the download starts: what the admin asked for, whether or not the download completes.
    await transaction(pool, (c) => recordAudit(c, actor, { kind: "contacts.export", detail: { filter } }));
    res.type("text/csv; charset=utf-8");
    res.attachment("contatos.csv");
    // Written page by page with backpressure; a failure after the first byte can only cut the download.
    try {
      for await (const piece of exportContacts(pool, viewer, filter)) {
        if (!res.write(piece)) await new Promise((resolve) => res.once("drain", resolve));
      }
      res.end();
    } catch (err) {
      if (!res.headersSent) throw err;
      logger.error({ err }, "contacts export failed");
      res.destroy();
    }
  });

  router.get("/contacts/profile/:number", async (req, res) => {
    const actor = actorOf(res);
    const text = parse(z.string().trim().min(1).max(60), req.params.number);
    // Each answer says whether a number is a contact: counted per user before the look-up (decision 0044).
    await hitRateLimit(pool, `contact-lookup:user:${actor.companyId}:${actor.id}`, limits.contactLookupPerUser);
    const viewer = await loadViewer(pool, actor);
    const contact = presentContact(viewer, await findContactByNumber(pool, viewer, text));
    // The original client reads contactId and profilePicUrl from this answer.
    res.json({ ...contact, contactId: contact.id, profilePicUrl: contact.urlPicture });
  });

  router.get("/contacts/:id", async (req, res) => {
    await answerContact(res, parse(zIdParam, req.params.id));
  });

  router.post("/contacts", async (req, res) => {
    const actor = actorOf(res);
    const input = parse(ZCreateContactRequestSchema, req.body ?? {});
    const id = await transaction(pool, (client) => createContact(client, actor, input));
    await answerContact(res, id);
  });

  router.post("/contactsImport", async (req, res) => {
    const actor = actorOf(res);
    const input = parse(ZImportContactRequestSchema, req.body ?? {});
    await checkImportedNumber(pool, actor, input);
    const id = await transaction(pool, (client) => importContact(client, actor, input));
    await answerContact(res, id);
  });

  router.put("/contacts/toggleAcceptAudio/:id", async (req, res) => {
    const actor = actorOf(res);
    const id = parse(zIdParam, req.params.id);
    await transaction(pool, (client) => toggleAcceptAudio(client, actor, id));
    await answerContact(res, id);
  });

  router.put("/contacts/toggleDisableBot/:id", async (req, res) => {
    const actor = actorOf(res);
    const id = parse(zIdParam, req.params.id);
    const disableBot = await transaction(pool, (client) => toggleDisableBot(client, actor, id));
    res.json({ disableBot });
  });

  router.put("/contacts/block/:id", async (req, res) => {
    const actor = actorOf(res);
    const id = parse(zIdParam, req.params.id);
    const { active } = parse(ZBlockContactRequestSchema, req.body ?? {});
    await transaction(pool, (client) => blockContact(client, actor, id, active));
    await answerContact(res, id);
  });

  router.put("/contacts/:id", async (req, res) => {
    const actor = actorOf(res);
    const id = parse(zIdParam, req.params.id);
    const input = parse(ZUpdateContactRequestSchema, req.body ?? {});
    await transaction(pool, (client) => updateContact(client, actor, id, input));
    await answerContact(res, id);
  });

  router.delete("/contacts/:id", async (req, res) => {
    const actor = actorOf(res);
    const id = parse(zIdParam, req.params.id);
    await transaction(pool, (client) => deleteContact(client, actor, id));
    res.json({ message: "Contact deleted" });
  });

  return router;
}
