// Company settings: GET /companySettings/{id}, GET /companySettingOne {column},
// PUT /companySettings {column, data}. Platform settings: GET /settings,
// GET /setting/{key}, PUT /settings/{key} {value}; the installation's status for the super user:
// GET /settings/installation (decision 0104). Public branding: GET /public-settings/{key}.
// Answers: docs/decisions/0012-settings.md.
import { Router } from "express";
import type pg from "pg";
import { actorOf } from "../auth/authenticate.ts";
import { zIdParam } from "../contract/ids.ts";
import {
  type InstallationStatus,
  isBrandingKey,
  isCompanySettingKey,
  isPlatformSettingKey,
  type SettingDTO,
  ZCompanySettingOneQuerySchema,
  ZUpdateCompanySettingRequestSchema,
  ZUpdatePlatformSettingRequestSchema,
} from "../contract/settings.ts";
import { parse, settingNotFound } from "../kernel/errors.ts";
import { transaction } from "../kernel/transaction.ts";
import { removeBrandingFile } from "./branding-store.ts";
import { getCompanySetting, getCompanySettings } from "./company-settings.ts";
import { getPlatformSetting, getPlatformSettings } from "./platform-settings.ts";
import { authorizeSettings, canSettings } from "./settings-policy.ts";
import { showCompanySettings } from "./show-company-settings.ts";
import { updateCompanySetting } from "./update-company-setting.ts";
import { updatePlatformSetting } from "./update-platform-setting.ts";

const toList = (settings: Record<string, string>): SettingDTO[] =>
  Object.entries(settings).map(([key, value]) => ({ key, value }));

export function settingsRoutes(pool: pg.Pool, installation: InstallationStatus, dataDir: string): Router {
  const router = Router();
  router.get("/settings/installation", (_req, res) => {
    authorizeSettings(actorOf(res), { kind: "listPlatform" });
    res.json(installation satisfies InstallationStatus);
  });
  router.get("/companySettings/:id", async (req, res) => {
    const actor = actorOf(res);
    const companyId = parse(zIdParam, req.params.id);
    res.json(await showCompanySettings(pool, actor, companyId));
  });
  router.get("/companySettingOne", async (req, res) => {
    const actor = actorOf(res);
    const { column } = parse(ZCompanySettingOneQuerySchema, req.query);
    if (!isCompanySettingKey(column)) throw settingNotFound(column);
    res.json({ [column]: await getCompanySetting(pool, actor.companyId, column) });
  });
  router.put("/companySettings", async (req, res) => {
    const actor = actorOf(res);
    authorizeSettings(actor, { kind: "updateCompany" });
    const input = parse(ZUpdateCompanySettingRequestSchema, req.body);
    res.json(await transaction(pool, (c) => updateCompanySetting(c, actor, input)));
  });
  router.get("/settings", async (_req, res) => {
    const actor = actorOf(res);
    // The super user's settings page edits the platform; everyone else's shows their company's.
    if (canSettings(actor, { kind: "listPlatform" })) res.json(toList(await getPlatformSettings(pool)));
    else res.json(toList(await getCompanySettings(pool, actor.companyId)));
  });
  router.get("/setting/:key", async (req, res) => {
    const actor = actorOf(res);
    const key = req.params.key;
    if (isCompanySettingKey(key)) {
      res.json({ key, value: await getCompanySetting(pool, actor.companyId, key) } satisfies SettingDTO);
      return;
    }
    if (!isPlatformSettingKey(key)) throw settingNotFound(key);
    authorizeSettings(actor, { kind: "readPlatform", key });
    res.json({ key, value: await getPlatformSetting(pool, key) } satisfies SettingDTO);
  });
  router.put("/settings/:key", async (req, res) => {
    const actor = actorOf(res);
    authorizeSettings(actor, { kind: "updatePlatform" });
    const { value } = parse(ZUpdatePlatformSettingRequestSchema, req.body);
    const done = await transaction(pool, (c) => updatePlatformSetting(c, actor, req.params.key, value));
    if (done.replacedLogo) await removeBrandingFile(dataDir, done.replacedLogo);
    res.json(done.setting);
  });
  return router;
}

/** GET /public-settings/{key}: branding read before login; any other key is not found. */
export function publicSettingsRoutes(pool: pg.Pool): Router {
  const router = Router();
  router.get("/public-settings/:key", async (req, res) => {
    const key = req.params.key;
    if (!isBrandingKey(key)) throw settingNotFound(key);
    res.json({ key, value: await getPlatformSetting(pool, key) } satisfies SettingDTO);
  });
  return router;
}
