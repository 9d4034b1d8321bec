// The company's campaign settings (spec 3 §2 "Campaign settings", §3, §9): key/value rows read with the §9
// defaults for the keys never saved; POST saves the keys it names. The sender paces itself by them.
import type pg from "pg";
import type { Actor } from "../auth/authenticate.ts";
import {
  CAMPAIGN_SETTINGS_DEFAULTS,
  type CampaignSettings,
  type TSaveCampaignSettingsRequest,
} from "../contract/campaigns.ts";
import { listChanged, recordChanges } from "../kernel/change-log.ts";
import { authorizeCampaigns } from "./campaign-policy.ts";

/** The settings with the defaults filled in (numbers as numbers, variables as a list). */
export async function loadCampaignSettings(db: pg.Pool | pg.ClientBase, companyId: number): Promise<CampaignSettings> {
  const { rows } = await db.query<{ key: string; value: string }>(
    "SELECT key, value FROM campaign_settings WHERE company_id = $1",
    [companyId],
  );
  const out: CampaignSettings = { ...CAMPAIGN_SETTINGS_DEFAULTS };
  for (const { key, value } of rows) {
    if (key === "variables") out.variables = JSON.parse(value) as CampaignSettings["variables"];
    else if (key === "messageInterval" || key === "longerIntervalAfter" || key === "greaterInterval")
      out[key] = Number(value);
    else if (key === "sabado" || key === "domingo") out[key] = value === "true" ? "true" : "false";
    else if (key === "startHour" || key === "endHour") out[key] = value;
  }
  return out;
}

export async function saveCampaignSettings(
  client: pg.ClientBase,
  actor: Actor,
  input: TSaveCampaignSettingsRequest,
): Promise<CampaignSettings> {
  await authorizeCampaigns(client, actor);
  const entries = Object.entries(input.settings).filter(([, v]) => v !== undefined);
  if (entries.length > 0) {
    await client.query(
      `INSERT INTO campaign_settings (company_id, key, value)
       SELECT $1, k, v FROM unnest($2::text[], $3::text[]) AS e(k, v)
       ON CONFLICT (company_id, key) DO UPDATE SET value = EXCLUDED.value`,
      [
        actor.companyId,
        entries.map(([k]) => k),
        entries.map(([, v]) => (typeof v === "object" ? JSON.stringify(v) : String(v))),
      ],
    );
    await recordChanges(client, [listChanged(actor.companyId, "campaignSettings")]);
  }
  return loadCampaignSettings(client, actor.companyId);
}
