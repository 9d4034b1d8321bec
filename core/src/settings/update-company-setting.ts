// Use case: an admin changes one company setting (PUT /companySettings {column, data}).
import type pg from "pg";
import { recordAudit } from "../audit/record-audit.ts";
import type { Actor } from "../auth/authenticate.ts";
import {
  companySettingValueError,
  isCompanySettingKey,
  type TUpdateCompanySettingRequest,
} from "../contract/settings.ts";
import { recordChanges } from "../kernel/change-log.ts";
import { invalidInput, settingNotFound } from "../kernel/errors.ts";
import { getCompanySetting, setCompanySetting } from "./company-settings.ts";
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
  const before = await getCompanySetting(client, actor.companyId, input.column);
  await setCompanySetting(client, actor.companyId, input.column, input.data);
  if (PRESENTATION_SETTINGS.has(input.column) && before !== input.data)
    await rebuildPlainReplicas(client, actor.companyId);
  if (before !== input.data)
    await recordAudit(client, actor, {
      kind: "setting.update",
      subject: input.column,
      detail: { from: before, to: input.data },
    });
  return { [input.column]: input.data };
}

/** Settings that change what a plain user reads of rows already in their replica (LGPD number hiding). */
const PRESENTATION_SETTINGS: ReadonlySet<string> = new Set(["enableLGPD", "lgpdHideNumber"]);

/**
 * Plain users' replicas hold contact numbers as they were presented when pulled: their next pull
 * rebuilds them (replica_version), and the change-log rows of those users poke their devices now,
 * so numbers hidden by LGPD do not stay readable on a device (and ones shown again appear).
 */
async function rebuildPlainReplicas(client: pg.ClientBase, companyId: number): Promise<void> {
  const { rows } = await client.query<{ id: number }>(
    `UPDATE users SET replica_version = replica_version + 1
     WHERE company_id = $1 AND profile = 'user' AND NOT super RETURNING id`,
    [companyId],
  );
  await recordChanges(
    client,
    rows.map((u) => ({ companyId, entity: "users" as const, id: u.id })),
  );
}
