// Campaigns and campaign settings (spec 3 §7 Campaigns): list, show (with the report's totals), create, edit,
// delete, attachment, cancel and restart; GET and POST /campaign-settings. Admins of a plan with useCampaigns;
// routes are parse -> use case in a transaction -> answer.
import { Router } from "express";
import type pg from "pg";
import { actorOf } from "../auth/authenticate.ts";
import {
  CAMPAIGN_MEDIA_FIELD,
  ZListCampaignsQuerySchema,
  ZSaveCampaignRequestSchema,
  ZSaveCampaignSettingsRequestSchema,
} from "../contract/campaigns.ts";
import { zIdParam } from "../contract/ids.ts";
import { lazyUseCase } from "../db/lazy-use-case.ts";
import { invalidInput, parse } from "../kernel/errors.ts";
import { transaction } from "../kernel/transaction.ts";
import { mediaUrlOf, removeMedia } from "../media/media-store.ts";
import { discardUploads, mediaUpload } from "../media/upload.ts";
import { authorizeCampaigns } from "./campaign-policy.ts";
import { listCampaignsPage, loadCampaignReport } from "./campaign-queries.ts";
import { loadCampaignSettings, saveCampaignSettings } from "./campaign-settings.ts";

// On the company EntityManager: MikroORM loads on the first write (decision 0039).
const writes = async () => import("./save-campaign.ts");
const createCampaign = lazyUseCase(async () => (await writes()).createCampaign);
const updateCampaign = lazyUseCase(async () => (await writes()).updateCampaign);
const deleteCampaign = lazyUseCase(async () => (await writes()).deleteCampaign);
const cancelCampaign = lazyUseCase(async () => (await writes()).cancelCampaign);
const restartCampaign = lazyUseCase(async () => (await writes()).restartCampaign);
const setCampaignMedia = lazyUseCase(async () => (await writes()).setCampaignMedia);

export function campaignRoutes(pool: pg.Pool, dataDir: string): Router {
  const router = Router();

  router.get("/campaign-settings", async (_req, res) => {
    const actor = actorOf(res);
    await authorizeCampaigns(pool, actor);
    res.json(await loadCampaignSettings(pool, actor.companyId));
  });

  router.post("/campaign-settings", async (req, res) => {
    const actor = actorOf(res);
    await authorizeCampaigns(pool, actor);
    const input = parse(ZSaveCampaignSettingsRequestSchema, req.body ?? {});
    res.json(await transaction(pool, (client) => saveCampaignSettings(client, actor, input)));
  });

  router.get("/campaigns", async (req, res) => {
    const actor = actorOf(res);
    await authorizeCampaigns(pool, actor);
    res.json(await listCampaignsPage(pool, actor.companyId, parse(ZListCampaignsQuerySchema, req.query)));
  });

  router.get("/campaigns/:id", async (req, res) => {
    const actor = actorOf(res);
    await authorizeCampaigns(pool, actor);
    res.json(await loadCampaignReport(pool, actor.companyId, parse(zIdParam, req.params.id)));
  });

  router.post("/campaigns", async (req, res) => {
    const actor = actorOf(res);
    // The plan and the profile first: a refused page answers no validation texts.
    await authorizeCampaigns(pool, actor);
    const input = parse(ZSaveCampaignRequestSchema, req.body ?? {});
    res.json(await transaction(pool, (client) => createCampaign(client, actor, input)));
  });

  router.put("/campaigns/:id", async (req, res) => {
    const actor = actorOf(res);
    await authorizeCampaigns(pool, actor);
    const id = parse(zIdParam, req.params.id);
    const input = parse(ZSaveCampaignRequestSchema, req.body ?? {});
    res.json(await transaction(pool, (client) => updateCampaign(client, actor, id, input)));
  });

  router.delete("/campaigns/:id", async (req, res) => {
    const actor = actorOf(res);
    const id = parse(zIdParam, req.params.id);
    const media = await transaction(pool, (client) => deleteCampaign(client, actor, id));
    if (media) await removeMedia(dataDir, actor.companyId, media);
    res.json({ message: "Campaign deleted" });
  });

  router.post("/campaigns/:id/cancel", async (req, res) => {
    const actor = actorOf(res);
    const id = parse(zIdParam, req.params.id);
    res.json(await transaction(pool, (client) => cancelCampaign(client, actor, id)));
  });

  router.post("/campaigns/:id/restart", async (req, res) => {
    const actor = actorOf(res);
    const id = parse(zIdParam, req.params.id);
    res.json(await transaction(pool, (client) => restartCampaign(client, actor, id)));
  });

  router.post("/campaigns/:id/media-upload", mediaUpload(dataDir, CAMPAIGN_MEDIA_FIELD), async (req, res) => {
    const actor = actorOf(res);
    const files = (req.files as Express.Multer.File[] | undefined) ?? [];
    try {
      const id = parse(zIdParam, req.params.id);
      const file = files[0];
      if (!file || files.length > 1) throw invalidInput("One file", CAMPAIGN_MEDIA_FIELD);
      const media = { path: mediaUrlOf(actor.companyId, file.filename), name: file.originalname };
      const { campaign, replaced } = await transaction(pool, (client) => setCampaignMedia(client, actor, id, media));
      if (replaced) await removeMedia(dataDir, actor.companyId, replaced);
      res.json(campaign);
    } catch (err) {
      await discardUploads(files);
      throw err;
    }
  });

  router.delete("/campaigns/:id/media-upload", async (req, res) => {
    const actor = actorOf(res);
    const id = parse(zIdParam, req.params.id);
    const { campaign, replaced } = await transaction(pool, (client) => setCampaignMedia(client, actor, id, null));
    if (replaced) await removeMedia(dataDir, actor.companyId, replaced);
    res.json(campaign);
  });

  return router;
}
