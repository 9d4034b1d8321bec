// Use case: an admin edits a connection. Absent fields keep their value; a
// Cloud API secret sent as null or "" is cleared. The default cannot be taken
// away by unsetting it: another connection must be made default instead.
import type pg from "pg";
import { recordAudit } from "../audit/record-audit.ts";
import type { Actor } from "../auth/authenticate.ts";
import { OUTBOUND_CHANNEL } from "../contract/topics.ts";
import type { TConnectionSettings, TUpdateWhatsappRequest, WhatsappAnswer } from "../contract/whatsapps.ts";
import { type Change, recordChanges } from "../kernel/change-log.ts";
import { noOtherWhatsapp } from "../kernel/errors.ts";
import { assertPlanChannel, lockCompanyWrites } from "../plans/plan-limits.ts";
import { assertCompanyQueues } from "../queues/load-queue.ts";
import { assertBotSettings, BOT_SETTING_COLUMNS, mergeBotSettings, storedBotSetting } from "./bot-settings.ts";
import { requestConnectionSession } from "./connection-session.ts";
import {
  assertConnectionSettings,
  CONNECTION_SETTING_COLUMNS,
  mergeConnectionSettings,
  storedConnectionSetting,
} from "./connection-settings.ts";
import { generateConnectionToken } from "./connection-token.ts";
import { unsetOtherDefaults } from "./default-whatsapp.ts";
import {
  assertGreetingForQueues,
  loadWhatsapp,
  lockWhatsapp,
  type WhatsappRecord,
  whatsappConflict,
} from "./load-whatsapp.ts";
import { bindPhoneNumber, isProvenPair, type ProvenPhoneNumber, phoneNumberToProve } from "./phone-number-ownership.ts";
import { authorizeWhatsapp } from "./whatsapp-policy.ts";

const SECRET_COLUMNS = [
  ["phoneNumberId", "phone_number_id"],
  ["accessToken", "access_token"],
  ["appSecret", "app_secret"],
  ["verifyToken", "verify_token"],
  ["businessAccountId", "business_account_id"],
] as const;

/** `proven`: the Cloud API number the Graph API confirmed for this request (phone-number-ownership.ts). */
export async function updateWhatsapp(
  client: pg.ClientBase,
  actor: Actor,
  id: number,
  input: TUpdateWhatsappRequest,
  opts: { proven?: ProvenPhoneNumber } = {},
): Promise<WhatsappAnswer> {
  authorizeWhatsapp(actor, "update");
  const companyId = actor.companyId;
  await lockCompanyWrites(client, companyId);
  const current = await lockWhatsapp(client, companyId, id);
  const channel = input.channel ?? current.channel;
  if (channel !== current.channel) await assertPlanChannel(client, companyId, channel);
  const queueIds =
    input.queueIds === undefined ? current.queueIds : await assertCompanyQueues(client, companyId, input.queueIds);
  const greeting = input.greetingMessage === undefined ? current.greetingMessage : input.greetingMessage;
  assertGreetingForQueues(queueIds, greeting);
  await assertBotSettings(client, companyId, mergeBotSettings(current, input));
  const settings = mergeConnectionSettings(current, input);
  await assertConnectionSettings(client, companyId, settings);
  if (input.isDefault === false && current.isDefault) throw noOtherWhatsapp();
  const number = phoneNumberToProve(current, input);
  const released = number ? await bindPhoneNumber(client, companyId, id, number, opts.proven) : [];

  const sets: string[] = [];
  const params: unknown[] = [id, companyId];
  const set = (column: string, value: unknown) => {
    params.push(value);
    sets.push(`${column} = $${params.length}`);
  };
  if (input.name !== undefined) set("name", input.name);
  if (input.channel !== undefined) set("channel", input.channel);
  if (input.isDefault) set("is_default", true);
  if (input.greetingMessage !== undefined) set("greeting_message", input.greetingMessage || null);
  if (input.farewellMessage !== undefined) set("farewell_message", input.farewellMessage || null);
  if (input.groupAsTicket !== undefined) set("group_as_ticket", input.groupAsTicket);
  for (const [key, column] of BOT_SETTING_COLUMNS) {
    if (input[key] !== undefined) set(column, storedBotSetting(key, input[key]));
  }
  for (const [key, column] of CONNECTION_SETTING_COLUMNS) {
    if (input[key] !== undefined) set(column, storedConnectionSetting(key, input[key]));
  }
  // null asks for a new token (rotation); a connection without one gets one.
  if (input.token !== undefined || !current.token) set("token", input.token ?? generateConnectionToken());
  // A Facebook or Instagram connection keeps the page token POST /facebook stored (decision 0052); leaving the
  // channel drops the page too.
  const social = (c: string) => c === "facebook" || c === "instagram";
  const keepsPage = social(channel) && channel === current.channel;
  if (social(current.channel) && !keepsPage) {
    set("page_id", null);
    set("account_id", null);
  }
  for (const [field, column] of SECRET_COLUMNS) {
    if (keepsPage && column === "access_token") continue;
    // Leaving the Cloud API channel drops its credentials.
    if (channel !== "whatsappapi") set(column, null);
    else if (input[field] !== undefined) set(column, input[field]);
  }
  // The Graph API just confirmed the pair the connection now holds: it works (decision 0093).
  const phoneNumberId = input.phoneNumberId === undefined ? current.phoneNumberId : input.phoneNumberId;
  const accessToken = input.accessToken === undefined ? current.accessToken : input.accessToken;
  if (channel === "whatsappapi" && phoneNumberId && isProvenPair(opts.proven, { phoneNumberId, accessToken })) {
    set("status", "CONNECTED");
    sets.push("status_reason = NULL");
  }
  sets.push("updated_at = now()");
  await client
    .query(`UPDATE whatsapps SET ${sets.join(", ")} WHERE id = $1 AND company_id = $2`, params)
    .catch((err) => {
      throw whatsappConflict(err);
    });
  if (input.queueIds !== undefined) {
    await client.query("DELETE FROM whatsapp_queues WHERE whatsapp_id = $1 AND company_id = $2", [id, companyId]);
    await client.query(
      "INSERT INTO whatsapp_queues (whatsapp_id, queue_id, company_id) SELECT $1, q, $2 FROM unnest($3::int[]) AS q",
      [id, companyId, queueIds],
    );
  }
  if (resetsSessionForImport(current, settings, input)) {
    // WhatsApp sends history only to a newly paired device: the import needs a new pairing (spec 2 §4).
    await requestConnectionSession(
      client,
      { whatsappId: id, companyId, action: "new-qr" },
      "status = 'qrcode', qrcode = NULL, pairing_code = NULL",
    );
  }
  const changes: Change[] = [{ companyId, entity: "whatsapps", id }, ...released];
  if (input.isDefault && !current.isDefault) changes.push(...(await unsetOtherDefaults(client, companyId, id)));
  await recordChanges(client, changes);
  // The names of what was sent, never a value (a token).
  await recordAudit(client, actor, {
    kind: "connection.update",
    subjectId: id,
    subject: current.name,
    detail: { fields: Object.keys(input).filter((k) => input[k as keyof typeof input] !== undefined) },
  });
  for (const c of [{ id }, ...released])
    await client.query("SELECT pg_notify($1, $2)", [OUTBOUND_CHANNEL, String(c.id)]);
  return loadWhatsapp(client, actor, id);
}

const IMPORT_KEYS = [
  "importOldMessages",
  "importRecentMessages",
  "importOldMessagesGroups",
  "closedTicketsPostImported",
  "queueIdImportMessages",
] as const;

/**
 * Spec 2 §4: editing a connected WhatsApp session with import enabled resets the session (status qrcode, a
 * new QR). Only an edit that turns the import on or changes its options does: renaming a connection whose
 * import already ran must not log it out.
 */
export function resetsSessionForImport(
  current: Pick<WhatsappRecord, "status" | "channel"> & TConnectionSettings,
  settings: TConnectionSettings,
  input: Partial<TConnectionSettings>,
): boolean {
  if (current.channel !== "whatsapp" || current.status !== "CONNECTED") return false;
  if (!settings.importOldMessages && !settings.importRecentMessages) return false;
  return IMPORT_KEYS.some((k) => input[k] !== undefined && input[k] !== current[k]);
}
