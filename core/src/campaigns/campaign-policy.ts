// Who may touch campaigns, contact lists and campaign settings: admins (spec 3 §6: the profile user sees a
// no-permission view) of a company whose plan has useCampaigns (a company without a plan has the defaults: on).
import type pg from "pg";
import type { Actor } from "../auth/authenticate.ts";
import { AppError, noPermission, planFeatureMissing } from "../kernel/errors.ts";
import { loadPlanFlags } from "../plans/company-access.ts";

export async function authorizeCampaigns(db: pg.Pool | pg.ClientBase, actor: Actor): Promise<void> {
  if (actor.profile !== "admin") throw noPermission();
  const flags = await loadPlanFlags(db, actor.companyId);
  if (flags && !flags.useCampaigns) throw planFeatureMissing();
}

/** ERR_NOT_FOUND: the spec names no code for these (decision 0037). */
export const contactListNotFound = () => new AppError("ERR_NOT_FOUND", "Contact list not found");
export const contactListItemNotFound = () => new AppError("ERR_NOT_FOUND", "Contact list item not found");
export const campaignNotFound = () => new AppError("ERR_NOT_FOUND", "Campaign not found");
