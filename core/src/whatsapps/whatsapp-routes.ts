// GET /whatsapp (and /whatsapp/?session=0), GET /whatsapp/filter, GET /whatsapp/{id},
// POST /whatsapp, PUT /whatsapp/{id}, DELETE /whatsapp/{id} (spec 1 §7 Users and references); the super user's
// GET /whatsapp-admin/{id} (spec 2 §7's admin variant) and GET /whatsapp-admin/{id}/references, and on a
// connection id the super user acts in that connection's company (connection-company.ts; decision 0105).
import { type RequestHandler, Router } from "express";
import type pg from "pg";
import { actorOf } from "../auth/authenticate.ts";
import { zIdParam } from "../contract/ids.ts";
import {
  GREETING_MEDIA_FIELD,
  ZCreateWhatsappRequestSchema,
  ZListWhatsappsQuerySchema,
  ZUpdateWhatsappRequestSchema,
} from "../contract/whatsapps.ts";
import { invalidInput, parse } from "../kernel/errors.ts";
import { transaction } from "../kernel/transaction.ts";
import { mediaTypeOfMime, mediaUrlOf, removeMedia } from "../media/media-store.ts";
import { discardUploads, mediaUpload } from "../media/upload.ts";
import type { GraphApi } from "../meta/graph-api.ts";
import { actorForConnection } from "./connection-company.ts";
import { connectionDialogReferences } from "./connection-dialog-references.ts";
import { createWhatsapp } from "./create-whatsapp.ts";
import { deleteWhatsapp } from "./delete-whatsapp.ts";
import { setGreetingMedia } from "./greeting-media.ts";
import { listWhatsapps, loadCloudFields, loadWhatsapp } from "./load-whatsapp.ts";
import { proveNewToken, proveRequestedPhoneNumber } from "./phone-number-ownership.ts";
import { updateWhatsapp } from "./update-whatsapp.ts";
import { authorizeWhatsapp } from "./whatsapp-policy.ts";

/**
 * `graph`: where a Cloud API phone number id is proven before it is bound (decision 0027); `dataDir`: the media
 * store of the greeting media (decision 0107).
 */
export function whatsappRoutes(pool: pg.Pool, graph: GraphApi, dataDir: string): Router {
  const router = Router();
  router.get("/whatsapp", async (req, res) => {
    const actor = actorOf(res);
    authorizeWhatsapp(actor, "read");
    parse(ZListWhatsappsQuerySchema, req.query);
    res.json(await listWhatsapps(pool, actor));
  });
  // Before /whatsapp/:id, which would read "filter" as an id.
  router.get("/whatsapp/filter", async (req, res) => {
    const actor = actorOf(res);
    authorizeWhatsapp(actor, "read");
    const q = parse(ZListWhatsappsQuerySchema, req.query);
    res.json(await listWhatsapps(pool, actor, { channel: q.channel }));
  });
  router.get("/whatsapp/:id", async (req, res) => {
    const id = parse(zIdParam, req.params.id);
    const actor = await actorForConnection(pool, actorOf(res), id);
    authorizeWhatsapp(actor, "read");
    res.json(await loadWhatsapp(pool, actor, id));
  });
  router.get("/whatsapp-admin/:id", async (req, res) => {
    authorizeWhatsapp(actorOf(res), "anyCompany");
    const id = parse(zIdParam, req.params.id);
    res.json(await loadWhatsapp(pool, await actorForConnection(pool, actorOf(res), id), id));
  });
  router.get("/whatsapp-admin/:id/references", async (req, res) => {
    res.json(await connectionDialogReferences(pool, actorOf(res), parse(zIdParam, req.params.id)));
  });
  router.post("/whatsapp", async (req, res) => {
    const actor = actorOf(res);
    authorizeWhatsapp(actor, "create");
    const input = parse(ZCreateWhatsappRequestSchema, req.body);
    const proven = await proveRequestedPhoneNumber(graph, null, input);
    res.status(201).json(await transaction(pool, (c) => createWhatsapp(c, actor, input, { proven })));
  });
  router.put("/whatsapp/:id", async (req, res) => {
    const id = parse(zIdParam, req.params.id);
    const actor = await actorForConnection(pool, actorOf(res), id);
    authorizeWhatsapp(actor, "update");
    const input = parse(ZUpdateWhatsappRequestSchema, req.body);
    const stored = await loadCloudFields(pool, actor.companyId, id);
    // A new token for the number kept is proven too: a connection down for its token comes back with it (0093).
    const proven =
      (await proveRequestedPhoneNumber(graph, stored, input)) ?? (await proveNewToken(graph, stored, input));
    res.json(await transaction(pool, (c) => updateWhatsapp(c, actor, id, input, { proven })));
  });
  // The greeting's media (spec 2 §7): one file, its kind told by its bytes; a replaced file leaves the store. The
  // caller is checked before any byte is stored, and the super user's file goes into the connection's company's
  // store (the upload stores under the actor's company: for this call, the connection's, decision 0105).
  const inConnectionCompany: RequestHandler = (req, res, next) => {
    (async () => {
      const actor = await actorForConnection(pool, actorOf(res), parse(zIdParam, req.params.id));
      authorizeWhatsapp(actor, "update");
      res.locals.actor = actor;
    })().then(() => next(), next);
  };
  router.post(
    "/whatsapp/:id/media-upload",
    inConnectionCompany,
    mediaUpload(dataDir, GREETING_MEDIA_FIELD),
    async (req, res) => {
      const files = (req.files as Express.Multer.File[] | undefined) ?? [];
      try {
        const id = parse(zIdParam, req.params.id);
        const actor = actorOf(res);
        const file = files[0];
        if (!file || files.length > 1) throw invalidInput("One file", GREETING_MEDIA_FIELD);
        // What every channel sends as a media message: an image, an audio, a video or a PDF (by its bytes).
        if (!/^(image|audio|video)\//.test(file.mimetype) && file.mimetype !== "application/pdf") {
          throw invalidInput("Tipo de arquivo não permitido", GREETING_MEDIA_FIELD);
        }
        const media = {
          path: mediaUrlOf(actor.companyId, file.filename),
          name: file.originalname,
          mediaType: mediaTypeOfMime(file.mimetype),
        };
        const { whatsapp, replaced } = await transaction(pool, (c) => setGreetingMedia(c, actor, id, media));
        if (replaced) await removeMedia(dataDir, actor.companyId, replaced);
        res.json(whatsapp);
      } catch (err) {
        await discardUploads(files);
        throw err;
      }
    },
  );
  router.delete("/whatsapp/:id/media-upload", async (req, res) => {
    const id = parse(zIdParam, req.params.id);
    const actor = await actorForConnection(pool, actorOf(res), id);
    authorizeWhatsapp(actor, "update");
    const { whatsapp, replaced } = await transaction(pool, (c) => setGreetingMedia(c, actor, id, null));
    if (replaced) await removeMedia(dataDir, actor.companyId, replaced);
    res.json(whatsapp);
  });
  router.delete("/whatsapp/:id", async (req, res) => {
    const id = parse(zIdParam, req.params.id);
    const actor = await actorForConnection(pool, actorOf(res), id);
    await transaction(pool, (c) => deleteWhatsapp(c, actor, id));
    res.status(204).end();
  });
  return router;
}
