// Reads connections as the connection calls answer them (secrets reduced to
// "is it set"), always within one company, and maps their unique clashes.
import type pg from "pg";
import type { Actor } from "../auth/authenticate.ts";
import type { Channel } from "../contract/entities.ts";
import type { TConnectionSettings, WhatsappAnswer } from "../contract/whatsapps.ts";
import { uniqueViolation } from "../db/unique-violation.ts";
import { arrayColumns, zipColumns } from "../db/zip-columns.ts";
import {
  invalidInput,
  phoneNumberNotConfirmed,
  whatsappGreetingRequired,
  whatsappNameAlreadyExists,
  whatsappNotFound,
} from "../kernel/errors.ts";
import type { BotSettings } from "./bot-settings.ts";
import { CONNECTION_SETTINGS_SELECT } from "./connection-settings.ts";
import type { StoredCloudFields } from "./phone-number-ownership.ts";
import { canWhatsapp } from "./whatsapp-policy.ts";

/** The queue-bot, redirect and rating settings (spec 2 §3 Connection), named as the API answers them. */
const BOT_SETTINGS_COLUMNS = `w.rating_message AS "ratingMessage", w.max_use_bot_queues AS "maxUseBotQueues",
  w.time_use_bot_queues AS "timeUseBotQueues", w.send_id_queue AS "sendIdQueue",
  w.time_send_queue AS "timeSendQueue", w.expires_ticket_nps AS "expiresTicketNPS",
  w.max_use_bot_queues_nps AS "maxUseBotQueuesNPS"`;

const ANSWER_COLUMNS = `w.id, w.name, w.channel, w.status, w.is_default AS "isDefault",
  w.greeting_message AS "greetingMessage", w.greeting_media_path AS "greetingMediaAttachment",
  w.greeting_media_name AS "greetingMediaName", w.farewell_message AS "farewellMessage",
  w.group_as_ticket AS "groupAsTicket", w.company_id AS "companyId", w.token, ${BOT_SETTINGS_COLUMNS},
  ${CONNECTION_SETTINGS_SELECT}, w.number, w.qrcode, w.pairing_code AS "pairingCode", w.status_import_messages AS "statusImportMessages",
  w.import_progress AS "importProgress", w.send_hold AS "sendHold", w.status_reason AS "statusReason",
  w.business_account_id AS "businessAccountId", w.phone_number_id AS "phoneNumberId", w.verify_token AS "verifyToken",
  w.phone_number_id IS NOT NULL AS "hasPhoneNumberId", w.access_token IS NOT NULL AS "hasAccessToken",
  w.app_secret IS NOT NULL AS "hasAppSecret", w.verify_token IS NOT NULL AS "hasVerifyToken",
  w.created_at AS "createdAt", w.updated_at AS "updatedAt",
  wqs."joinedQueueIds", wqs."joinedQueueNames", wqs."joinedQueueColors"`;

/** The connection's queues as one array per field, in the connection's queue order (decision 0085). */
const ANSWER_FROM = `whatsapps w LEFT JOIN LATERAL (
    SELECT ${arrayColumns(
      { joinedQueueIds: "q.id", joinedQueueNames: "q.name", joinedQueueColors: "q.color" },
      "q.order_queue NULLS LAST, q.id",
    )}
    FROM whatsapp_queues wq JOIN queues q ON q.id = wq.queue_id AND q.company_id = wq.company_id
    WHERE wq.whatsapp_id = w.id AND wq.company_id = w.company_id) wqs ON true`;

type AnswerRow = Omit<WhatsappAnswer, "queues"> & {
  joinedQueueIds: number[] | null;
  joinedQueueNames: string[] | null;
  joinedQueueColors: string[] | null;
};

/**
 * The presenter: the queues nested from their columns; the API token and the pairing QR or code only for those
 * who may read them.
 */
function forActor(
  actor: Actor,
  { joinedQueueIds, joinedQueueNames, joinedQueueColors, ...columns }: AnswerRow,
): WhatsappAnswer {
  const row: WhatsappAnswer = {
    ...columns,
    queues: zipColumns({ id: joinedQueueIds, name: joinedQueueNames, color: joinedQueueColors }),
  };
  if (canWhatsapp(actor, "readToken")) return row;
  const {
    token: _token,
    qrcode: _qrcode,
    pairingCode: _pairingCode,
    phoneNumberId: _id,
    verifyToken: _v,
    ...rest
  } = row;
  return rest;
}

export async function listWhatsapps(
  db: pg.Pool | pg.ClientBase,
  actor: Actor,
  filter: { channel?: Channel } = {},
): Promise<WhatsappAnswer[]> {
  const params: unknown[] = [actor.companyId];
  let where = "w.company_id = $1";
  if (filter.channel) {
    params.push(filter.channel);
    where += ` AND w.channel = $${params.length}`;
  }
  const { rows } = await db.query<AnswerRow>(
    `SELECT ${ANSWER_COLUMNS} FROM ${ANSWER_FROM} WHERE ${where} ORDER BY w.name, w.id`,
    params,
  );
  return rows.map((r) => forActor(actor, r));
}

/** The company's connection, or 404 ERR_NO_WAPP_FOUND (another company's id included). */
export async function loadWhatsapp(db: pg.Pool | pg.ClientBase, actor: Actor, id: number): Promise<WhatsappAnswer> {
  const { rows } = await db.query<AnswerRow>(
    `SELECT ${ANSWER_COLUMNS} FROM ${ANSWER_FROM} WHERE w.id = $1 AND w.company_id = $2`,
    [id, actor.companyId],
  );
  if (!rows[0]) throw whatsappNotFound();
  return forActor(actor, rows[0]);
}

/** The stored row a use case edits from, locked until commit. */
export type WhatsappRecord = {
  id: number;
  /** Its name (the audit log names what changed). */
  name: string;
  channel: Channel;
  status: string;
  isDefault: boolean;
  greetingMessage: string | null;
  token: string | null;
  queueIds: number[];
} & BotSettings &
  TConnectionSettings &
  StoredCloudFields;

const CLOUD_COLUMNS = `w.phone_number_id AS "phoneNumberId", w.access_token AS "accessToken"`;

export async function lockWhatsapp(client: pg.ClientBase, companyId: number, id: number): Promise<WhatsappRecord> {
  const { rows } = await client.query<WhatsappRecord>(
    `SELECT w.id, w.name, w.channel, w.status, w.is_default AS "isDefault", w.greeting_message AS "greetingMessage", w.token,
       ${BOT_SETTINGS_COLUMNS}, ${CONNECTION_SETTINGS_SELECT}, ${CLOUD_COLUMNS},
       COALESCE((SELECT array_agg(queue_id ORDER BY queue_id) FROM whatsapp_queues WHERE whatsapp_id = w.id AND company_id = w.company_id), '{}')
         AS "queueIds"
     FROM whatsapps w WHERE w.id = $1 AND w.company_id = $2 FOR UPDATE`,
    [id, companyId],
  );
  if (!rows[0]) throw whatsappNotFound();
  return rows[0];
}

/** The Cloud API fields an edit starts from, read before its transaction (the proof is asked outside it). */
export async function loadCloudFields(
  db: pg.Pool | pg.ClientBase,
  companyId: number,
  id: number,
): Promise<StoredCloudFields> {
  const { rows } = await db.query<StoredCloudFields>(
    `SELECT w.channel, ${CLOUD_COLUMNS} FROM whatsapps w WHERE w.id = $1 AND w.company_id = $2`,
    [id, companyId],
  );
  if (!rows[0]) throw whatsappNotFound();
  return rows[0];
}

/** Checks that `id` (when set) is a connection of the company: 404 ERR_NO_WAPP_FOUND otherwise. */
export async function assertCompanyWhatsapp(
  db: pg.Pool | pg.ClientBase,
  companyId: number,
  id: number | null | undefined,
): Promise<void> {
  if (id === null || id === undefined) return;
  const { rowCount } = await db.query("SELECT 1 FROM whatsapps WHERE id = $1 AND company_id = $2", [id, companyId]);
  if (!rowCount) throw whatsappNotFound();
}

/** Turns a unique violation on whatsapps into a clear code; rethrows anything else. */
export function whatsappConflict(err: unknown): unknown {
  const constraint = uniqueViolation(err);
  if (constraint === "whatsapps_company_id_name_key") {
    return whatsappNameAlreadyExists();
  }
  if (constraint === "whatsapps_phone_number_id_key") {
    // Only a race reaches it (bindPhoneNumber checked first); whose row clashed is not said (decision 0027).
    return phoneNumberNotConfirmed();
  }
  if (constraint === "whatsapps_company_id_token_key") {
    // Unique within the company only (decision 0039): another company's tokens are never compared.
    return invalidInput("Token already in use", "token");
  }
  return err;
}

/** A connection with more than one queue must greet the contact with the queue menu (spec 1 §8). */
export function assertGreetingForQueues(queueIds: readonly number[], greetingMessage: string | null | undefined): void {
  if (queueIds.length > 1 && !greetingMessage?.trim()) {
    throw whatsappGreetingRequired();
  }
}
