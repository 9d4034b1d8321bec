// The connection's queue-bot, redirect and rating settings (spec 2 §3 Connection)
// and the rules of spec 2 §5 that tie them together, checked on create and update.
import type pg from "pg";
import { botSettingsErrors, type WhatsappAnswer } from "../contract/whatsapps.ts";
import { invalidFields } from "../kernel/errors.ts";
import { assertCompanyQueues } from "../queues/load-queue.ts";
import { getCompanySetting, isOn } from "../settings/company-settings.ts";

export type BotSettings = Pick<
  WhatsappAnswer,
  | "ratingMessage"
  | "maxUseBotQueues"
  | "timeUseBotQueues"
  | "sendIdQueue"
  | "timeSendQueue"
  | "expiresTicketNPS"
  | "maxUseBotQueuesNPS"
>;

/** Each setting's column, in the order the use cases write them. */
export const BOT_SETTING_COLUMNS = [
  ["ratingMessage", "rating_message"],
  ["maxUseBotQueues", "max_use_bot_queues"],
  ["timeUseBotQueues", "time_use_bot_queues"],
  ["sendIdQueue", "send_id_queue"],
  ["timeSendQueue", "time_send_queue"],
  ["expiresTicketNPS", "expires_ticket_nps"],
  ["maxUseBotQueuesNPS", "max_use_bot_queues_nps"],
] as const satisfies readonly (readonly [keyof BotSettings, string])[];

/** The value stored for a setting: a blank rating message is no message. */
export const storedBotSetting = <K extends keyof BotSettings>(key: K, value: BotSettings[K]) =>
  key === "ratingMessage" && typeof value === "string" && !value.trim() ? null : value;

/** The settings after an update: absent fields keep their value, null clears one. */
export function mergeBotSettings(current: BotSettings, input: Partial<BotSettings>): BotSettings {
  const out = { ...current };
  for (const [key] of BOT_SETTING_COLUMNS) {
    const value = input[key];
    if (value !== undefined) (out as Record<string, unknown>)[key] = value;
  }
  return out;
}

/**
 * Checks the settings a connection will have once saved (the merged values on
 * update): the redirect needs both its queue and its delay, and where the company
 * asks for ratings (userRating) the question and its expiry must be set.
 * A redirect queue of another company answers 404 like any foreign queue id.
 */
export async function assertBotSettings(client: pg.ClientBase, companyId: number, s: BotSettings): Promise<void> {
  const fields = botSettingsErrors(s, isOn(await getCompanySetting(client, companyId, "userRating")));
  if (Object.keys(fields).length > 0) throw invalidFields(fields);
  if (s.sendIdQueue !== null) await assertCompanyQueues(client, companyId, [s.sendIdQueue]);
}
