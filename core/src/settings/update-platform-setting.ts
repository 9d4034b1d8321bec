// Use case: the super user changes one platform setting (PUT /settings/{key} {value}). A logo setting changed
// answers the file it no longer names, for the caller to remove after the commit (decision 0118).
import type pg from "pg";
import { recordAudit } from "../audit/record-audit.ts";
import type { Actor } from "../auth/authenticate.ts";
import { isPlatformSettingKey, PLATFORM_SETTING_SCHEMAS, type SettingDTO } from "../contract/settings.ts";
import { invalidInput, settingNotFound } from "../kernel/errors.ts";
import { isBrandingLogoKey, replaceBrandingLogo } from "./branding-logo-setting.ts";
import { setPlatformSetting } from "./platform-settings.ts";
import { authorizeSettings } from "./settings-policy.ts";

export async function updatePlatformSetting(
  client: pg.ClientBase,
  actor: Actor,
  key: string,
  rawValue: string,
): Promise<{ setting: SettingDTO; replacedLogo: string | null }> {
  authorizeSettings(actor, { kind: "updatePlatform" });
  if (!isPlatformSettingKey(key)) throw settingNotFound(key);
  const result = PLATFORM_SETTING_SCHEMAS[key].safeParse(rawValue);
  if (!result.success) {
    const message = result.error.issues[0]?.message ?? "Invalid value";
    throw invalidInput(message, "value");
  }
  let replacedLogo: string | null = null;
  if (isBrandingLogoKey(key)) replacedLogo = await replaceBrandingLogo(client, key, result.data);
  else await setPlatformSetting(client, key, result.data);
  // The key only: several platform settings are credentials (the EFI client secret).
  await recordAudit(client, actor, { kind: "platformSetting.update", subject: key });
  return { setting: { key, value: result.data }, replacedLogo };
}
