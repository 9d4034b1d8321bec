// Who must have two-factor sign-in (decision 0113): every user of a company whose admin switched on
// requireTwoFactor, and every admin of the platform (super users included) once the super user switched on
// requireTwoFactorAdmins. Who may reset another user's second factor: that company's admins (not the super user's
// record), and the super user for anyone.
import type pg from "pg";
import type { Actor } from "../auth/authenticate.ts";
import { COMPANY_TWO_FACTOR_SETTING, PLATFORM_TWO_FACTOR_SETTING } from "../contract/two-factor.ts";
import { noPermission } from "../kernel/errors.ts";
import { getCompanySetting, isOn } from "../settings/company-settings.ts";
import { getPlatformSetting } from "../settings/platform-settings.ts";

export async function isTwoFactorRequired(
  db: pg.Pool | pg.ClientBase,
  user: { companyId: number; profile: string; super: boolean },
): Promise<boolean> {
  if (isOn(await getCompanySetting(db, user.companyId, COMPANY_TWO_FACTOR_SETTING))) return true;
  if (user.profile !== "admin" && !user.super) return false;
  return isOn(await getPlatformSetting(db, PLATFORM_TWO_FACTOR_SETTING));
}

/** Throws 403 unless the actor may read or reset `target`'s second factor (the target already found in scope). */
export function authorizeTwoFactorReset(actor: Actor, target: { id: number; super: boolean }): void {
  if (actor.super) return;
  if (actor.profile !== "admin" || target.super) throw noPermission();
}
