// GET /companySettings/{id}: every setting of one company, defaults filled in, for its own users (and the super
// user). Another company's settings are as absent as a missing company's.
import type pg from "pg";
import type { Actor } from "../auth/authenticate.ts";
import { settingNotFound } from "../kernel/errors.ts";
import { type CompanySettings, getCompanySettings } from "./company-settings.ts";
import { canSettings } from "./settings-policy.ts";

export async function showCompanySettings(
  pool: pg.Pool,
  actor: Actor,
  companyId: number,
): Promise<{ companyId: number } & CompanySettings> {
  if (!canSettings(actor, { kind: "readCompany", companyId })) throw settingNotFound(String(companyId));
  const { rowCount } = await pool.query("SELECT 1 FROM companies WHERE id = $1", [companyId]);
  if (!rowCount) throw settingNotFound(String(companyId));
  return { companyId, ...(await getCompanySettings(pool, companyId)) };
}
