// Use case: an admin changes one company setting (PUT /companySettings {column, data}).
import type pg from "pg";
import type { Actor } from "../auth/authenticate.ts";
import {
  companySettingValueError,
  isCompanySettingKey,
  type TUpdateCompanySettingRequest,
} from "../contract/settings.ts";
import { invalidInput, settingNotFound } from "../http/errors.ts";
import { setCompanySetting } from "./company-settings.ts";
import { authorizeSettings } from "./settings-policy.ts";

export async function updateCompanySetting(
  client: pg.ClientBase,
  actor: Actor,
  input: TUpdateCompanySettingRequest,
): Promise<Record<string, string>> {
  authorizeSettings(actor, { kind: "updateCompany" });
  if (!isCompanySettingKey(input.column)) throw settingNotFound(input.column);
  const problem = companySettingValueError(input.column, input.data);
  if (problem) throw invalidInput(problem, "data");
  await setCompanySetting(client, actor.companyId, input.column, input.data);
  return { [input.column]: input.data };
}
