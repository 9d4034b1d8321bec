// Use case: an admin adds a connection. The company's first connection is its
// default; a new default unsets the old one. The worker is told at once.
import type pg from "pg";
import { recordAudit } from "../audit/record-audit.ts";
import type { Actor } from "../auth/authenticate.ts";
import { OUTBOUND_CHANNEL } from "../contract/topics.ts";
import type { TCreateWhatsappRequest, WhatsappAnswer } from "../contract/whatsapps.ts";
import { type Change, recordChanges } from "../kernel/change-log.ts";
import { assertPlanAllows, assertPlanChannel } from "../plans/plan-limits.ts";
import { assertCompanyQueues } from "../queues/load-queue.ts";
import { assertBotSettings, BOT_SETTING_COLUMNS, storedBotSetting } from "./bot-settings.ts";
import {
  assertConnectionSettings,
  CONNECTION_SETTING_COLUMNS,
  storedConnectionSetting,
} from "./connection-settings.ts";
import { generateConnectionToken } from "./connection-token.ts";
import { companyHasWhatsapps, unsetOtherDefaults } from "./default-whatsapp.ts";
import { assertGreetingForQueues, loadWhatsapp, whatsappConflict } from "./load-whatsapp.ts";
import { bindPhoneNumber, type ProvenPhoneNumber, phoneNumberToProve } from "./phone-number-ownership.ts";
import { authorizeWhatsapp } from "./whatsapp-policy.ts";

/** `proven`: the Cloud API number the Graph API confirmed for this request (phone-number-ownership.ts). */
export async function createWhatsapp(
  client: pg.ClientBase,
  actor: Actor,
  input: TCreateWhatsappRequest,
  opts: { proven?: ProvenPhoneNumber } = {},
): Promise<WhatsappAnswer> {
  authorizeWhatsapp(actor, "create");
  const companyId = actor.companyId;
  assertGreetingForQueues(input.queueIds, input.greetingMessage);
  await assertPlanChannel(client, companyId, input.channel);
  // Takes the company lock too: the default and the count below see every concurrent creation.
  await assertPlanAllows(client, companyId, "connections");
  const queueIds = await assertCompanyQueues(client, companyId, input.queueIds);
  await assertBotSettings(client, companyId, input);
  await assertConnectionSettings(client, companyId, input);
  const isDefault = input.isDefault || !(await companyHasWhatsapps(client, companyId));
  const number = phoneNumberToProve(null, input);
  const released = number ? await bindPhoneNumber(client, companyId, null, number, opts.proven) : [];
  // Cloud API credentials only mean something on the Cloud API channel.
  const cloud = input.channel === "whatsappapi";
  const settings = [...BOT_SETTING_COLUMNS, ...CONNECTION_SETTING_COLUMNS];
  const settingColumns = settings.map(([, column]) => column).join(", ");
  const settingParams = settings.map((_, i) => `$${13 + i}`).join(", ");
  const { rows } = await client
    .query<{ id: number }>(
      `INSERT INTO whatsapps (company_id, name, channel, is_default, greeting_message, farewell_message,
         group_as_ticket, token, phone_number_id, access_token, app_secret, verify_token, ${settingColumns})
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, ${settingParams}) RETURNING id`,
      [
        companyId,
        input.name,
        input.channel,
        isDefault,
        input.greetingMessage || null,
        input.farewellMessage || null,
        input.groupAsTicket,
        input.token ?? generateConnectionToken(),
        cloud ? (input.phoneNumberId ?? null) : null,
        cloud ? (input.accessToken ?? null) : null,
        cloud ? (input.appSecret ?? null) : null,
        cloud ? (input.verifyToken ?? null) : null,
        ...BOT_SETTING_COLUMNS.map(([key]) => storedBotSetting(key, input[key])),
        ...CONNECTION_SETTING_COLUMNS.map(([key]) => storedConnectionSetting(key, input[key])),
      ],
    )
    .catch((err) => {
      throw whatsappConflict(err);
    });
  const id = rows[0]!.id;
  // The Graph API just confirmed the token reaches the number: the connection works (decision 0093).
  if (number)
    await client.query(
      "UPDATE whatsapps SET status = 'CONNECTED', status_reason = NULL WHERE id = $1 AND company_id = $2",
      [id, companyId],
    );
  if (cloud && input.businessAccountId) {
    await client.query("UPDATE whatsapps SET business_account_id = $3 WHERE id = $1 AND company_id = $2", [
      id,
      companyId,
      input.businessAccountId,
    ]);
  }
  await client.query(
    "INSERT INTO whatsapp_queues (whatsapp_id, queue_id, company_id) SELECT $1, q, $2 FROM unnest($3::int[]) AS q",
    [id, companyId, queueIds],
  );
  const changes: Change[] = [{ companyId, entity: "whatsapps", id }, ...released];
  if (isDefault) changes.push(...(await unsetOtherDefaults(client, companyId, id)));
  await recordChanges(client, changes);
  await recordAudit(client, actor, {
    kind: "connection.create",
    subjectId: id,
    subject: input.name,
    detail: { channel: input.channel },
  });
  // The channel worker picks up connections it does not hold when poked (and lets go of those that lost their number).
  for (const c of [{ id }, ...released])
    await client.query("SELECT pg_notify($1, $2)", [OUTBOUND_CHANNEL, String(c.id)]);
  return loadWhatsapp(client, actor, id);
}
