// Company settings (spec 3 §3 "Company settings", column/data pairs), stored as
// key/value rows in `settings` with the defaults of contract/settings.ts when a row is absent.
import type pg from "pg";
import {
  COMPANY_SETTING_DEFAULTS,
  type CompanySettingKey,
  type CompanySettings,
  isCompanySettingKey,
} from "../contract/settings.ts";

export type { CompanySettingKey, CompanySettings };
// Re-exported: the ticket use cases import them from here.
export { COMPANY_SETTING_DEFAULTS, isCompanySettingKey };

/** All settings of a company, defaults filled in. */
export async function getCompanySettings(db: pg.Pool | pg.ClientBase, companyId: number): Promise<CompanySettings> {
  const { rows } = await db.query<{ key: string; value: string | null }>(
    "SELECT key, value FROM settings WHERE company_id = $1",
    [companyId],
  );
  const out: CompanySettings = { ...COMPANY_SETTING_DEFAULTS };
  for (const r of rows) if (isCompanySettingKey(r.key)) out[r.key] = r.value ?? "";
  return out;
}

export async function getCompanySetting(
  db: pg.Pool | pg.ClientBase,
  companyId: number,
  key: CompanySettingKey,
): Promise<string> {
  const { rows } = await db.query<{ value: string | null }>(
    "SELECT value FROM settings WHERE company_id = $1 AND key = $2",
    [companyId, key],
  );
  return rows[0] ? (rows[0].value ?? "") : COMPANY_SETTING_DEFAULTS[key];
}

/** True for "enabled" and "true" (spec 3 §9: switches use enabled/disabled, two use booleans). */
export const isOn = (value: string | undefined) => value === "enabled" || value === "true";

export async function setCompanySetting(
  db: pg.Pool | pg.ClientBase,
  companyId: number,
  key: CompanySettingKey,
  value: string,
): Promise<void> {
  await db.query(
    `INSERT INTO settings (company_id, key, value) VALUES ($1, $2, $3)
     ON CONFLICT (company_id, key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`,
    [companyId, key, value],
  );
}

/** Writes every default as a row: a new company starts with the whole set (signup). */
export async function seedCompanySettings(db: pg.Pool | pg.ClientBase, companyId: number): Promise<void> {
  await db.query(
    `INSERT INTO settings (company_id, key, value) SELECT $1, k, v FROM unnest($2::text[], $3::text[]) AS t(k, v)
     ON CONFLICT (company_id, key) DO NOTHING`,
    [companyId, Object.keys(COMPANY_SETTING_DEFAULTS), Object.values(COMPANY_SETTING_DEFAULTS)],
  );
}
