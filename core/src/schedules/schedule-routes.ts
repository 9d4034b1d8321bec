// Schedules (spec 1 §7 "Notes, quick messages, schedules", spec 2 §7 Schedules): list, show, create, edit,
// delete, and the attachment. Every call needs the plan flag useSchedules (spec 2 §1); routes are parse -> use
// case in a transaction -> answer.
import { type NextFunction, type Request, type Response, Router } from "express";
import type pg from "pg";
import { actorOf } from "../auth/authenticate.ts";
import { zIdParam } from "../contract/ids.ts";
import {
  SCHEDULE_MEDIA_FIELD,
  ZCreateScheduleRequestSchema,
  ZListSchedulesQuerySchema,
  ZUpdateScheduleRequestSchema,
} from "../contract/schedules.ts";
import { lazyUseCase } from "../db/lazy-use-case.ts";
import { invalidInput, parse, planFeatureMissing } from "../kernel/errors.ts";
import { transaction } from "../kernel/transaction.ts";
import { mediaUrlOf, removeMedia } from "../media/media-store.ts";
import { discardUploads, mediaUpload } from "../media/upload.ts";
import { loadPlanFlags } from "../plans/company-access.ts";
import { listSchedules, loadSchedule } from "./schedule-queries.ts";

// On the company EntityManager (decision 0028): loaded on the first call, not at start (decision 0039).
const createSchedule = lazyUseCase(async () => (await import("./create-schedule.ts")).createSchedule);
const updateSchedule = lazyUseCase(async () => (await import("./update-schedule.ts")).updateSchedule);
const deleteSchedule = lazyUseCase(async () => (await import("./delete-schedule.ts")).deleteSchedule);
const setScheduleMedia = lazyUseCase(async () => (await import("./schedule-media.ts")).setScheduleMedia);

/** Refuses every schedule call of a company whose plan has useSchedules off (a company without a plan has the defaults: on). */
function requireSchedulesFlag(pool: pg.Pool) {
  return async (_req: Request, res: Response, next: NextFunction) => {
    try {
      const flags = await loadPlanFlags(pool, actorOf(res).companyId);
      if (flags && !flags.useSchedules) throw planFeatureMissing();
      next();
    } catch (err) {
      next(err);
    }
  };
}

export function scheduleRoutes(pool: pg.Pool, dataDir: string): Router {
  const router = Router();
  router.use("/schedules", requireSchedulesFlag(pool));

  router.get("/schedules", async (req, res) => {
    const actor = actorOf(res);
    res.json(await listSchedules(pool, actor.companyId, parse(ZListSchedulesQuerySchema, req.query)));
  });

  router.post("/schedules", async (req, res) => {
    const actor = actorOf(res);
    const input = parse(ZCreateScheduleRequestSchema, req.body ?? {});
    res.json(await transaction(pool, (client) => createSchedule(client, actor, input)));
  });

  router.get("/schedules/:id", async (req, res) => {
    const actor = actorOf(res);
    res.json(await loadSchedule(pool, actor.companyId, parse(zIdParam, req.params.id)));
  });

  router.put("/schedules/:id", async (req, res) => {
    const actor = actorOf(res);
    const id = parse(zIdParam, req.params.id);
    const input = parse(ZUpdateScheduleRequestSchema, req.body ?? {});
    res.json(await transaction(pool, (client) => updateSchedule(client, actor, id, input)));
  });

  router.delete("/schedules/:id", async (req, res) => {
    const actor = actorOf(res);
    const id = parse(zIdParam, req.params.id);
    const media = await transaction(pool, (client) => deleteSchedule(client, actor, id));
    if (media) await removeMedia(dataDir, actor.companyId, media);
    res.json({ message: "Schedule deleted" });
  });

  router.post("/schedules/:id/media-upload", mediaUpload(dataDir, SCHEDULE_MEDIA_FIELD), async (req, res) => {
    const actor = actorOf(res);
    const files = (req.files as Express.Multer.File[] | undefined) ?? [];
    try {
      const id = parse(zIdParam, req.params.id);
      const file = files[0];
      if (!file || files.length > 1) throw invalidInput("One file", SCHEDULE_MEDIA_FIELD);
      const media = { path: mediaUrlOf(actor.companyId, file.filename), name: file.originalname };
      const { schedule, replaced } = await transaction(pool, (client) => setScheduleMedia(client, actor, id, media));
      if (replaced) await removeMedia(dataDir, actor.companyId, replaced);
      res.json(schedule);
    } catch (err) {
      await discardUploads(files);
      throw err;
    }
  });

  router.delete("/schedules/:id/media-upload", async (req, res) => {
    const actor = actorOf(res);
    const id = parse(zIdParam, req.params.id);
    const { schedule, replaced } = await transaction(pool, (client) => setScheduleMedia(client, actor, id, null));
    if (replaced) await removeMedia(dataDir, actor.companyId, replaced);
    res.json(schedule);
  });

  return router;
}
