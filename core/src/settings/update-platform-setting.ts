// Use case: the super user changes one platform setting (PUT /settings/{key} {value}).
import type pg from "pg";
import type { Actor } from "../auth/authenticate.ts";
import { isPlatformSettingKey, PLATFORM_SETTING_SCHEMAS, type SettingDTO } from "../contract/settings.ts";
import { AppError } from "../http/errors.ts";
import { setPlatformSetting } from "./platform-settings.ts";
import { authorizeSettings } from "./settings-policy.ts";
import { UnknownSettingError } from "./update-company-setting.ts";

export async function updatePlatformSetting(
  client: pg.ClientBase,
  actor: Actor,
  key: string,
  rawValue: string,
): Promise<SettingDTO> {
  authorizeSettings(actor, { kind: "updatePlatform" });
  if (!isPlatformSettingKey(key)) throw UnknownSettingError(404, key);
  const result = PLATFORM_SETTING_SCHEMAS[key].safeParse(rawValue);
  if (!result.success) {
    const message = result.error.issues[0]?.message ?? "Invalid value";
    throw new AppError("ERR_VALIDATION", 400, message, { fields: { value: message } });
  }
  await setPlatformSetting(client, key, result.data);
  return { key, value: result.data };
}
