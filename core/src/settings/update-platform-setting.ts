// Use case: the super user changes one platform setting (PUT /settings/{key} {value}).
import type pg from "pg";
import { recordAudit } from "../audit/record-audit.ts";
import type { Actor } from "../auth/authenticate.ts";
import { isPlatformSettingKey, PLATFORM_SETTING_SCHEMAS, type SettingDTO } from "../contract/settings.ts";
import { invalidInput, settingNotFound } from "../kernel/errors.ts";
import { setPlatformSetting } from "./platform-settings.ts";
import { authorizeSettings } from "./settings-policy.ts";

export async function updatePlatformSetting(
  client: pg.ClientBase,
  actor: Actor,
  key: string,
  rawValue: string,
): Promise<SettingDTO> {
  authorizeSettings(actor, { kind: "updatePlatform" });
  if (!isPlatformSettingKey(key)) throw settingNotFound(key);
  const result = PLATFORM_SETTING_SCHEMAS[key].safeParse(rawValue);
  if (!result.success) {
    const message = result.error.issues[0]?.message ?? "Invalid value";
    throw invalidInput(message, "value");
  }
  await setPlatformSetting(client, key, result.data);
  // The key only: several platform settings are credentials (the EFI client secret).
  await recordAudit(client, actor, { kind: "platformSetting.update", subject: key });
  return { key, value: result.data };
}
