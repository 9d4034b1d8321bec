// Quick messages over REST (spec 1 §7 GET /quick-messages/list; spec 2 §7 Quick messages). The lists are Yjs
// documents co-edited through the sync server (decision 0020); these calls read their projection
// (quick_messages) and write through the sync server into the documents themselves (decision 0048), so a
// REST change reaches the co-editors like any edit.
import { Router } from "express";
import type pg from "pg";
import { z } from "zod";
import { actorOf, bearer } from "../auth/authenticate.ts";
import { zIdParam } from "../contract/ids.ts";
import {
  QUICK_MESSAGE_MEDIA_FIELD,
  ZCreateQuickMessageRequestSchema,
  ZListQuickMessagesPageQuerySchema,
  ZUpdateQuickMessageRequestSchema,
} from "../contract/quick-messages.ts";
import { invalidInput, parse, sessionExpired } from "../kernel/errors.ts";
import { mediaUrlOf, removeMedia } from "../media/media-store.ts";
import { discardUploads, mediaUpload } from "../media/upload.ts";
import { listQuickMessagePicker } from "./list-quick-message-picker.ts";
import { listQuickMessagePage, loadQuickMessageRow, quickMessageAnswer, viewerOf } from "./quick-message-queries.ts";
import { syncWriter } from "./sync-writes.ts";
import {
  createQuickMessage,
  deleteQuickMessage,
  type QuickMessageWriteDeps,
  setQuickMessageMedia,
  updateQuickMessage,
} from "./write-quick-messages.ts";

const ZListQuickMessagesQuerySchema = z.object({
  /** Ignored: always the caller's company. */
  companyId: z.unknown().optional(),
  /** Ignored: the personal quick messages listed are always the caller's, never another user's. */
  userId: z.unknown().optional(),
});

export function quickMessageRoutes(pool: pg.Pool, dataDir: string, syncUrl: string | undefined): Router {
  const router = Router();
  const write = syncWriter(syncUrl);
  const depsOf = (req: Parameters<typeof bearer>[0]): QuickMessageWriteDeps => {
    // The sync server judges the caller by the caller's own token (authenticate required one).
    const token = bearer(req);
    if (!token) throw sessionExpired();
    return { pool, write, token };
  };

  // What the picker offers: the general ones and the caller's own (others' shown ones are for reading).
  router.get("/quick-messages/list", async (req, res) => {
    const actor = actorOf(res);
    parse(ZListQuickMessagesQuerySchema, req.query);
    res.json(await listQuickMessagePicker(pool, actor));
  });

  router.get("/quick-messages", async (req, res) => {
    const actor = actorOf(res);
    res.json(await listQuickMessagePage(pool, actor, parse(ZListQuickMessagesPageQuerySchema, req.query)));
  });

  router.get("/quick-messages/:id", async (req, res) => {
    const actor = actorOf(res);
    const row = await loadQuickMessageRow(pool, actor, parse(zIdParam, req.params.id));
    res.json(quickMessageAnswer(viewerOf(actor), row));
  });

  router.post("/quick-messages", async (req, res) => {
    const actor = actorOf(res);
    const input = parse(ZCreateQuickMessageRequestSchema, req.body ?? {});
    res.json(await createQuickMessage(depsOf(req), actor, input));
  });

  router.put("/quick-messages/:id", async (req, res) => {
    const actor = actorOf(res);
    const id = parse(zIdParam, req.params.id);
    const input = parse(ZUpdateQuickMessageRequestSchema, req.body ?? {});
    res.json(await updateQuickMessage(depsOf(req), actor, id, input));
  });

  router.delete("/quick-messages/:id", async (req, res) => {
    const actor = actorOf(res);
    const id = parse(zIdParam, req.params.id);
    const media = await deleteQuickMessage(depsOf(req), actor, id);
    if (media) await removeMedia(dataDir, actor.companyId, media);
    res.json({ message: "Quick message deleted" });
  });

  router.post("/quick-messages/:id/media-upload", mediaUpload(dataDir, QUICK_MESSAGE_MEDIA_FIELD), async (req, res) => {
    const actor = actorOf(res);
    const files = (req.files as Express.Multer.File[] | undefined) ?? [];
    try {
      const id = parse(zIdParam, req.params.id);
      const file = files[0];
      if (!file || files.length > 1) throw invalidInput("One file", QUICK_MESSAGE_MEDIA_FIELD);
      const media = { path: mediaUrlOf(actor.companyId, file.filename), name: file.originalname };
      const { quickMessage, replaced } = await setQuickMessageMedia(depsOf(req), actor, id, media);
      if (replaced) await removeMedia(dataDir, actor.companyId, replaced);
      res.json(quickMessage);
    } catch (err) {
      await discardUploads(files);
      throw err;
    }
  });

  router.delete("/quick-messages/:id/media-upload", async (req, res) => {
    const actor = actorOf(res);
    const id = parse(zIdParam, req.params.id);
    const { quickMessage, replaced } = await setQuickMessageMedia(depsOf(req), actor, id, null);
    if (replaced) await removeMedia(dataDir, actor.companyId, replaced);
    res.json(quickMessage);
  });

  return router;
}
