// Who an answer is for: the caller and what of their company's settings decides
// what they may read (LGPD number hiding, spec 1 §6). Loaded once per request
// and handed to the presenters, so a list of 40 tickets reads the settings once.
import type pg from "pg";
import type { Actor } from "../auth/authenticate.ts";
import { getCompanySettings, isOn } from "../settings/company-settings.ts";
import type { CompanyCache } from "./company-cache.ts";

export type Viewer = {
  actor: Actor;
  /** Contact numbers are shown masked (plain users, with enableLGPD and lgpdHideNumber on). */
  hideNumbers: boolean;
};

/**
 * Plain users only: admins and the super user always read whole numbers. `companies` keeps the settings between
 * requests (the inbox list); without it they are read now.
 */
export async function loadViewer(db: pg.Pool | pg.ClientBase, actor: Actor, companies?: CompanyCache): Promise<Viewer> {
  if (actor.profile !== "user" || actor.super) return { actor, hideNumbers: false };
  const settings = companies
    ? await companies.companySettings(db, actor.companyId)
    : await getCompanySettings(db, actor.companyId);
  return { actor, hideNumbers: isOn(settings.enableLGPD) && isOn(settings.lgpdHideNumber) };
}
