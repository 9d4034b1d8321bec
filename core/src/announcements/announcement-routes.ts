// Announcements (spec 3 §7 "Announcements"): GET /announcements (searchParam, pageNumber; records, hasMore) for every
// signed-in user, the writes for the super user alone, and GET /announcement-media/{file} (public, like the
// white-label logos: an <img> carries no token) for the images.
import { Router } from "express";
import type pg from "pg";
import { actorOf } from "../auth/authenticate.ts";
import {
  ANNOUNCEMENT_MEDIA_FIELD,
  ANNOUNCEMENT_MEDIA_MAX_BYTES,
  ZAnnouncementRequestSchema,
  ZListAnnouncementsQuery,
} from "../contract/announcements.ts";
import { zIdParam } from "../contract/ids.ts";
import { mediaNotFound, parse } from "../kernel/errors.ts";
import { transaction } from "../kernel/transaction.ts";
import { utf8FileName } from "../media/media-store.ts";
import { sendStored } from "../media/serve-stored.ts";
import { mediaStore } from "../media/store-registry.ts";
import { singleFile } from "../settings/whitelabel-routes.ts";
import { announcementKey, mimeOfAnnouncementFile, removeAnnouncementFile } from "./announcement-media.ts";
import {
  attachAnnouncementMedia,
  authorizeAnnouncementWrite,
  createAnnouncement,
  deleteAnnouncement,
  detachAnnouncementMedia,
  listAnnouncements,
  updateAnnouncement,
} from "./announcements.ts";

const readImage = singleFile(ANNOUNCEMENT_MEDIA_FIELD, ANNOUNCEMENT_MEDIA_MAX_BYTES, "Required");

export function announcementRoutes(pool: pg.Pool, dataDir: string): Router {
  const router = Router();

  router.get("/announcements", async (req, res) => {
    const actor = actorOf(res);
    res.json(await listAnnouncements(pool, actor, parse(ZListAnnouncementsQuery, req.query)));
  });

  router.post("/announcements", async (req, res) => {
    const actor = actorOf(res);
    authorizeAnnouncementWrite(actor);
    const input = parse(ZAnnouncementRequestSchema, req.body ?? {});
    res.status(201).json(await transaction(pool, (c) => createAnnouncement(c, actor, input)));
  });

  router.put("/announcements/:id", async (req, res) => {
    const actor = actorOf(res);
    authorizeAnnouncementWrite(actor);
    const id = parse(zIdParam, req.params.id);
    const input = parse(ZAnnouncementRequestSchema, req.body ?? {});
    res.json(await transaction(pool, (c) => updateAnnouncement(c, actor, id, input)));
  });

  router.delete("/announcements/:id", async (req, res) => {
    const actor = actorOf(res);
    authorizeAnnouncementWrite(actor);
    const id = parse(zIdParam, req.params.id);
    const file = await transaction(pool, (c) => deleteAnnouncement(c, actor, id));
    await removeAnnouncementFile(dataDir, file);
    res.json({ message: "Announcement deleted" });
  });

  router.post("/announcements/:id/media-upload", async (req, res) => {
    const actor = actorOf(res);
    // Before the body is read: nobody else's bytes are taken in.
    authorizeAnnouncementWrite(actor);
    const id = parse(zIdParam, req.params.id);
    const file = await readImage(req, res);
    const upload = { bytes: file.buffer, originalName: utf8FileName(file.originalname) };
    const done = await transaction(pool, (c) => attachAnnouncementMedia(c, actor, id, upload, dataDir));
    await removeAnnouncementFile(dataDir, done.replaced);
    res.json(done.announcement);
  });

  router.delete("/announcements/:id/media-upload", async (req, res) => {
    const actor = actorOf(res);
    authorizeAnnouncementWrite(actor);
    const id = parse(zIdParam, req.params.id);
    const done = await transaction(pool, (c) => detachAnnouncementMedia(c, actor, id));
    await removeAnnouncementFile(dataDir, done.removed);
    res.json(done.announcement);
  });

  return router;
}

/** The images, to anyone who has the name (public: see the module comment). */
export function announcementMediaRoutes(dataDir: string): Router {
  const router = Router();
  router.get("/announcement-media/:file", async (req, res) => {
    const key = announcementKey(req.params.file);
    if (!key) throw mediaNotFound();
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Content-Security-Policy", "default-src 'none'; sandbox");
    // Stored names are never reused: a new image is a new name.
    res.setHeader("Cache-Control", "public, max-age=31536000, immutable");
    const sent = await sendStored(req, res, await mediaStore(dataDir), key, mimeOfAnnouncementFile(req.params.file));
    if (!sent) {
      res.removeHeader("Cache-Control");
      throw mediaNotFound();
    }
  });
  return router;
}
