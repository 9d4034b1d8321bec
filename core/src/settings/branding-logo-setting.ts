// A logo setting changed (an upload or PUT /settings/{key}): the file it named before is answered for removal
// once the change is committed, unless another logo setting still names it (decision 0118).
import type pg from "pg";
import { BRANDING_LOGO_KEYS } from "../contract/settings.ts";

export type BrandingLogoKey = (typeof BRANDING_LOGO_KEYS)[keyof typeof BRANDING_LOGO_KEYS];

const LOGO_KEYS: readonly string[] = Object.values(BRANDING_LOGO_KEYS);

export const isBrandingLogoKey = (key: string): key is BrandingLogoKey => LOGO_KEYS.includes(key);

/**
 * Sets the logo setting to `fileName` and answers the file it held before when nothing names it any more (null
 * otherwise). The row is locked first, so two uploads at once each see the other's file and none is left behind.
 */
export async function replaceBrandingLogo(
  client: pg.ClientBase,
  key: BrandingLogoKey,
  fileName: string,
): Promise<string | null> {
  await client.query(`INSERT INTO platform_settings (key, value) VALUES ($1, '') ON CONFLICT (key) DO NOTHING`, [key]);
  const { rows } = await client.query<{ value: string | null }>(
    "SELECT value FROM platform_settings WHERE key = $1 FOR UPDATE",
    [key],
  );
  const before = rows[0]?.value ?? "";
  await client.query("UPDATE platform_settings SET value = $2, updated_at = now() WHERE key = $1", [key, fileName]);
  if (!before || before === fileName) return null;
  const { rows: still } = await client.query(
    "SELECT 1 FROM platform_settings WHERE key = ANY($1::text[]) AND value = $2 LIMIT 1",
    [LOGO_KEYS, before],
  );
  return still.length > 0 ? null : before;
}
