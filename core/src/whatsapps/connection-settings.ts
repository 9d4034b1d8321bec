// The connection's service settings of spec 2 §3 Connection that are plain columns: groups,
// out-of-hours and vacation messages, ticket expiry and inactivity, its own service hours
// (scheduleType connection), history import options and the provider. One list drives the
// create and update statements, the answer's columns and the §5 rules that tie them together.
import type pg from "pg";
import { connectionSettingsErrors, type TConnectionSettings } from "../contract/whatsapps.ts";
import { assertIntegrationsOf, assertPromptOf } from "../integrations/integration-policy.ts";
import { flowNotFound, invalidFields } from "../kernel/errors.ts";
import { assertCompanyQueues } from "../queues/load-queue.ts";

/** Each setting's column, in the order the use cases write them. */
export const CONNECTION_SETTING_COLUMNS = [
  ["allowGroup", "allow_group"],
  ["outOfHoursMessage", "out_of_hours_message"],
  ["collectiveVacationMessage", "collective_vacation_message"],
  ["collectiveVacationStart", "collective_vacation_start"],
  ["collectiveVacationEnd", "collective_vacation_end"],
  ["timeCreateNewTicket", "time_create_new_ticket"],
  ["expiresTicket", "expires_ticket"],
  ["whenExpiresTicket", "when_expires_ticket"],
  ["expiresInactiveMessage", "expires_inactive_message"],
  ["timeInactiveMessage", "time_inactive_message"],
  ["inactiveMessage", "inactive_message"],
  ["schedules", "schedules"],
  ["importOldMessages", "import_old_messages"],
  ["importRecentMessages", "import_recent_messages"],
  ["importOldMessagesGroups", "import_old_messages_groups"],
  ["closedTicketsPostImported", "closed_tickets_post_imported"],
  ["queueIdImportMessages", "queue_id_import_messages"],
  ["provider", "provider"],
  ["flowIdWelcome", "flow_id_welcome"],
  ["flowIdNotPhrase", "flow_id_not_phrase"],
  ["integrationId", "integration_id"],
  ["promptId", "prompt_id"],
  ["lgpdLink", "lgpd_link"],
  ["lgpdMessage", "lgpd_message"],
  ["lgpdObfuscateDeleted", "lgpd_obfuscate_deleted"],
  ["lgpdAlwaysConfirm", "lgpd_always_confirm"],
] as const satisfies readonly (readonly [keyof TConnectionSettings, string])[];

const DATE_KEYS: ReadonlySet<string> = new Set([
  "collectiveVacationStart",
  "collectiveVacationEnd",
  "importOldMessages",
  "importRecentMessages",
]);

/** The settings as the answer names them (dates as yyyy-mm-dd). */
export const CONNECTION_SETTINGS_SELECT = CONNECTION_SETTING_COLUMNS.map(([key, column]) =>
  DATE_KEYS.has(key) ? `to_char(w.${column}, 'YYYY-MM-DD') AS "${key}"` : `w.${column} AS "${key}"`,
).join(", ");

/** The value stored for a setting: blank texts are no text, the hours are JSON. */
export function storedConnectionSetting<K extends keyof TConnectionSettings>(key: K, value: TConnectionSettings[K]) {
  if (key === "schedules") return JSON.stringify(value ?? []);
  if (typeof value === "string" && key !== "provider" && !value.trim()) return null;
  return value;
}

/** The settings after an update: absent fields keep their value, null clears one. */
export function mergeConnectionSettings(
  current: TConnectionSettings,
  input: Partial<TConnectionSettings>,
): TConnectionSettings {
  const out = { ...current };
  for (const [key] of CONNECTION_SETTING_COLUMNS) {
    const value = input[key];
    if (value !== undefined) (out as Record<string, unknown>)[key] = value;
  }
  return out;
}

/**
 * Spec 2 §5 on what a connection will hold once saved (contract: connectionSettingsErrors); the import queue
 * must be the company's.
 */
export async function assertConnectionSettings(
  client: pg.ClientBase,
  companyId: number,
  s: TConnectionSettings,
  now = new Date(),
): Promise<void> {
  const fields = connectionSettingsErrors(s, now);
  if (Object.keys(fields).length > 0) throw invalidFields(fields);
  if (s.queueIdImportMessages !== null) await assertCompanyQueues(client, companyId, [s.queueIdImportMessages]);
  // A flow of another company is as absent as a missing one.
  const flowIds = [s.flowIdWelcome, s.flowIdNotPhrase].filter((id) => id !== null);
  if (flowIds.length > 0) {
    const { rows } = await client.query<{ n: number }>(
      "SELECT count(DISTINCT id)::int AS n FROM flows WHERE company_id = $1 AND id = ANY($2::int[])",
      [companyId, flowIds],
    );
    if (rows[0]!.n !== new Set(flowIds).size) throw flowNotFound();
  }
  // The connection's integration and prompt (decision 0062): another company's is as absent as a missing one.
  await assertIntegrationsOf(client, companyId, [s.integrationId]);
  await assertPromptOf(client, companyId, s.promptId);
}
