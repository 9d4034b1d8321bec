// Platform settings (spec 3 §3 Global settings): key/value rows in
// platform_settings, with the defaults of contract/settings.ts when absent.
import type pg from "pg";
import { isPlatformSettingKey, PLATFORM_SETTING_DEFAULTS, type PlatformSettingKey } from "../contract/settings.ts";

export type PlatformSettings = Record<PlatformSettingKey, string>;

export async function getPlatformSettings(db: pg.Pool | pg.ClientBase): Promise<PlatformSettings> {
  const { rows } = await db.query<{ key: string; value: string | null }>("SELECT key, value FROM platform_settings");
  const out: PlatformSettings = { ...PLATFORM_SETTING_DEFAULTS };
  for (const r of rows) if (isPlatformSettingKey(r.key)) out[r.key] = r.value ?? "";
  return out;
}

export async function getPlatformSetting(db: pg.Pool | pg.ClientBase, key: PlatformSettingKey): Promise<string> {
  const { rows } = await db.query<{ value: string | null }>("SELECT value FROM platform_settings WHERE key = $1", [
    key,
  ]);
  return rows[0] ? (rows[0].value ?? "") : PLATFORM_SETTING_DEFAULTS[key];
}

export async function setPlatformSetting(
  db: pg.Pool | pg.ClientBase,
  key: PlatformSettingKey,
  value: string,
): Promise<void> {
  await db.query(
    `INSERT INTO platform_settings (key, value) VALUES ($1, $2)
     ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`,
    [key, value],
  );
}
