// Use case: an admin changes one company setting (PUT /companySettings {column, data}).
import type pg from "pg";
import type { Actor } from "../auth/authenticate.ts";
import {
  companySettingValueError,
  isCompanySettingKey,
  type TUpdateCompanySettingRequest,
} from "../contract/settings.ts";
import { AppError } from "../http/errors.ts";
import { setCompanySetting } from "./company-settings.ts";
import { authorizeSettings } from "./settings-policy.ts";

export const UnknownSettingError = (status: 400 | 404, key: string) =>
  new AppError("ERR_NO_SETTING_FOUND", status, `No setting named ${key}`);

export async function updateCompanySetting(
  client: pg.ClientBase,
  actor: Actor,
  input: TUpdateCompanySettingRequest,
): Promise<Record<string, string>> {
  authorizeSettings(actor, { kind: "updateCompany" });
  if (!isCompanySettingKey(input.column)) throw UnknownSettingError(400, input.column);
  const problem = companySettingValueError(input.column, input.data);
  if (problem) throw new AppError("ERR_VALIDATION", 400, problem, { fields: { data: problem } });
  await setCompanySetting(client, actor.companyId, input.column, input.data);
  return { [input.column]: input.data };
}
