// Requests and answers of the connection calls (GET/POST/PUT/DELETE /whatsapp),
// shared by the API and the connection dialog. Cloud API secrets go in and
// never come back: answers say only whether each one is set.
import { z } from "zod";
import type { ConnectionProblem } from "./connection-state.ts";
import { zDay } from "./dates.ts";
import type { Channel, SendHold } from "./entities.ts";
import { zId } from "./ids.ts";
import { type QueueSchedule, ZQueueSchedulesSchema } from "./queues.ts";

export const CHANNELS = ["whatsapp", "whatsappapi", "facebook", "instagram"] as const satisfies readonly Channel[];

const ZSecret = z.string().trim().max(1000, "Too Long!");
/** Absent keeps the stored value; null or "" clears it. */
const ZOptionalSecret = ZSecret.nullable()
  .optional()
  .transform((v) => (v === "" ? null : v));
/**
 * Cloud API: the WhatsApp Business Account whose approved templates the picker lists (learnt from the first
 * webhook otherwise; decision 0053). Digits; null or "" clears it.
 */
const ZBusinessAccountId = z
  .union([
    z.literal(""),
    z
      .string()
      .trim()
      .regex(/^\d{1,32}$/, "Invalid id"),
  ])
  .nullable()
  .optional()
  .transform((v) => (v === "" ? null : v));
/** A count or a number of minutes: a whole number from 0 that fits the database's integer. */
const ZCount = z.number().int().min(0).max(2_147_483_647);

const fields = {
  /** Connection name, 2 to 50 characters, unique in the company. */
  name: z.string({ error: "Required" }).trim().min(2, "Too Short!").max(50, "Too Long!"),
  /** Which channel the connection speaks. */
  channel: z.enum(CHANNELS),
  /** The company's default connection; setting one unsets the others. */
  isDefault: z.boolean(),
  /** Queues offered to contacts of this connection; more than one needs a greeting. */
  queueIds: z.array(zId).max(200),
  /** Greeting (queue menu) text; required when more than one queue is chosen. */
  greetingMessage: z.string().max(4000, "Too Long!").nullable(),
  /** Text sent when a ticket of this connection is resolved. */
  farewellMessage: z.string().max(4000, "Too Long!").nullable(),
  /** Group chats become tickets. */
  groupAsTicket: z.enum(["enabled", "disabled"]),
  /** Token of the external messages API; one is generated when absent. */
  token: z.string().trim().min(8, "Too Short!").max(100, "Too Long!").nullable(),
  /** Text asking the contact for a rating; required when company setting userRating is on. */
  ratingMessage: z.string().max(4000, "Too Long!").nullable(),
  /** How many times the queue bot sends its menu before it stays silent (default 3). */
  maxUseBotQueues: ZCount,
  /** Minutes after the queue bot's first menu during which it is not sent again; 0 means no wait (default 0). */
  timeUseBotQueues: ZCount,
  /** Queue that tickets still without one are redirected to after timeSendQueue minutes; needs timeSendQueue. */
  sendIdQueue: zId.nullable(),
  /** Minutes a ticket may wait without a queue before it moves to sendIdQueue; 0 means never (default 0). */
  timeSendQueue: ZCount,
  /** Minutes a ticket waits for the contact's rating before it closes; not 0 when userRating is on. */
  expiresTicketNPS: ZCount,
  /** How many times at most the rating question is sent on one ticket (default 3). */
  maxUseBotQueuesNPS: ZCount,
};

const zText = z.string().max(4000, "Too Long!").nullable();

/**
 * The connection's service settings of spec 2 §3 that are plain values (connection-settings.ts checks the
 * §5 rules that tie them together). Texts may carry message variables.
 */
const settingFields = {
  /** Group chats reach the inbox at all (groupAsTicket then decides whether each is a ticket). */
  allowGroup: z.boolean(),
  /** Sent outside this connection's hours when the company's scheduleType is connection. */
  outOfHoursMessage: zText,
  /** Sent to contacts between the vacation's first and last day (both required with it). */
  collectiveVacationMessage: zText,
  /** First day of the collective vacation (yyyy-mm-dd). */
  collectiveVacationStart: zDay.nullable(),
  /** Last day of the collective vacation (yyyy-mm-dd). */
  collectiveVacationEnd: zDay.nullable(),
  /** Minutes after a ticket closes during which a new message reopens it instead of opening a new one (0: never). */
  timeCreateNewTicket: ZCount,
  /** Minutes without a message after which an open ticket expires (0: never). */
  expiresTicket: ZCount,
  /** Whose last message starts the expiry clock: 0 the agent's or the contact's, 1 the agent's only. */
  whenExpiresTicket: z.union([z.literal(0), z.literal(1)]),
  /** Sent to the contact when a ticket expires. */
  expiresInactiveMessage: zText,
  /** Minutes of the contact's silence after which inactiveMessage is sent (0: never). */
  timeInactiveMessage: ZCount,
  /** Sent once when the contact has been silent for timeInactiveMessage minutes. */
  inactiveMessage: zText,
  /** The connection's own service hours, used when the company's scheduleType is connection. */
  schedules: ZQueueSchedulesSchema,
  /** Import history from this day on (within two years, not in the future). */
  importOldMessages: zDay.nullable(),
  /** Import history up to this day (not before importOldMessages, not in the future). */
  importRecentMessages: zDay.nullable(),
  /** Import group chats' history too. */
  importOldMessagesGroups: z.boolean(),
  /** Close the tickets the import opens. */
  closedTicketsPostImported: z.boolean(),
  /** Queue the imported tickets go to; required when importing. */
  queueIdImportMessages: zId.nullable(),
  /** Baileys provider variant (spec default 'beta'). */
  provider: z.string().trim().min(1).max(20),
  /** The flow a new ticket's first message starts; it replaces the queue bot on the connection (decision 0054). */
  flowIdWelcome: zId.nullable(),
  /** The flow a message matching no phrase campaign starts when no flow runs on the ticket (decision 0054). */
  flowIdNotPhrase: zId.nullable(),
  /** The queue integration that takes conversations waiting on the connection with no queue (decision 0062). */
  integrationId: zId.nullable(),
  /** The AI prompt that answers conversations waiting on the connection with no queue (decision 0062). */
  promptId: zId.nullable(),
  /** The connection's LGPD link (http or https), sent in the consent request over the company's (decision 0117). */
  lgpdLink: z
    .string()
    .trim()
    .max(1000, "Too Long!")
    .refine((v) => v === "" || /^https?:\/\/[^\s/]+\.[^\s]+$/i.test(v), "Invalid URL")
    .nullable(),
  /** The connection's LGPD message, sent in the consent request over the company's (decision 0117). */
  lgpdMessage: zText,
  /** A message the contact deletes loses its text and file for good, not only hidden (decision 0117). */
  lgpdObfuscateDeleted: z.boolean(),
  /** The LGPD consent is asked on every new ticket, not only until the contact first accepts (decision 0117). */
  lgpdAlwaysConfirm: z.boolean(),
};

/** The settings as stored and answered. */
export type TConnectionSettings = {
  allowGroup: boolean;
  outOfHoursMessage: string | null;
  collectiveVacationMessage: string | null;
  collectiveVacationStart: string | null;
  collectiveVacationEnd: string | null;
  timeCreateNewTicket: number;
  expiresTicket: number;
  whenExpiresTicket: 0 | 1;
  expiresInactiveMessage: string | null;
  timeInactiveMessage: number;
  inactiveMessage: string | null;
  schedules: QueueSchedule[];
  importOldMessages: string | null;
  importRecentMessages: string | null;
  importOldMessagesGroups: boolean;
  closedTicketsPostImported: boolean;
  queueIdImportMessages: number | null;
  lgpdLink: string | null;
  lgpdMessage: string | null;
  lgpdObfuscateDeleted: boolean;
  lgpdAlwaysConfirm: boolean;
  provider: string;
  flowIdWelcome: number | null;
  flowIdNotPhrase: number | null;
  integrationId: number | null;
  promptId: number | null;
};

export const ZCreateWhatsappRequestSchema = z.object({
  name: fields.name,
  channel: fields.channel.default("whatsapp"),
  isDefault: fields.isDefault.default(false),
  queueIds: fields.queueIds.default([]),
  greetingMessage: fields.greetingMessage.default(null),
  farewellMessage: fields.farewellMessage.default(null),
  groupAsTicket: fields.groupAsTicket.default("disabled"),
  token: fields.token.optional(),
  ratingMessage: fields.ratingMessage.default(null),
  maxUseBotQueues: fields.maxUseBotQueues.default(3),
  timeUseBotQueues: fields.timeUseBotQueues.default(0),
  sendIdQueue: fields.sendIdQueue.default(null),
  timeSendQueue: fields.timeSendQueue.default(0),
  expiresTicketNPS: fields.expiresTicketNPS.default(0),
  maxUseBotQueuesNPS: fields.maxUseBotQueuesNPS.default(3),
  allowGroup: settingFields.allowGroup.default(false),
  outOfHoursMessage: settingFields.outOfHoursMessage.default(null),
  collectiveVacationMessage: settingFields.collectiveVacationMessage.default(null),
  collectiveVacationStart: settingFields.collectiveVacationStart.default(null),
  collectiveVacationEnd: settingFields.collectiveVacationEnd.default(null),
  timeCreateNewTicket: settingFields.timeCreateNewTicket.default(0),
  expiresTicket: settingFields.expiresTicket.default(0),
  whenExpiresTicket: settingFields.whenExpiresTicket.default(0),
  expiresInactiveMessage: settingFields.expiresInactiveMessage.default(null),
  timeInactiveMessage: settingFields.timeInactiveMessage.default(0),
  inactiveMessage: settingFields.inactiveMessage.default(null),
  schedules: settingFields.schedules.default([]),
  importOldMessages: settingFields.importOldMessages.default(null),
  importRecentMessages: settingFields.importRecentMessages.default(null),
  importOldMessagesGroups: settingFields.importOldMessagesGroups.default(false),
  closedTicketsPostImported: settingFields.closedTicketsPostImported.default(false),
  queueIdImportMessages: settingFields.queueIdImportMessages.default(null),
  provider: settingFields.provider.default("beta"),
  flowIdWelcome: settingFields.flowIdWelcome.default(null),
  flowIdNotPhrase: settingFields.flowIdNotPhrase.default(null),
  integrationId: settingFields.integrationId.default(null),
  promptId: settingFields.promptId.default(null),
  lgpdLink: settingFields.lgpdLink.default(null),
  lgpdMessage: settingFields.lgpdMessage.default(null),
  lgpdObfuscateDeleted: settingFields.lgpdObfuscateDeleted.default(false),
  lgpdAlwaysConfirm: settingFields.lgpdAlwaysConfirm.default(false),
  /** Cloud API (whatsappapi): the phone number id Meta gives the number. */
  phoneNumberId: ZOptionalSecret,
  /** Cloud API: the access token for the Graph API. */
  accessToken: ZOptionalSecret,
  /** Cloud API: the app secret that signs webhooks (X-Hub-Signature-256). */
  appSecret: ZOptionalSecret,
  /** Cloud API: the token Meta echoes when verifying the webhook. */
  verifyToken: ZOptionalSecret,
  /** Cloud API: the WhatsApp Business Account holding the number (decision 0053). */
  businessAccountId: ZBusinessAccountId,
});
export type TCreateWhatsappRequest = z.infer<typeof ZCreateWhatsappRequestSchema>;

export const ZUpdateWhatsappRequestSchema = z.object({
  name: fields.name.optional(),
  channel: fields.channel.optional(),
  isDefault: fields.isDefault.optional(),
  queueIds: fields.queueIds.optional(),
  greetingMessage: fields.greetingMessage.optional(),
  farewellMessage: fields.farewellMessage.optional(),
  groupAsTicket: fields.groupAsTicket.optional(),
  token: fields.token.optional(),
  ratingMessage: fields.ratingMessage.optional(),
  maxUseBotQueues: fields.maxUseBotQueues.optional(),
  timeUseBotQueues: fields.timeUseBotQueues.optional(),
  sendIdQueue: fields.sendIdQueue.optional(),
  timeSendQueue: fields.timeSendQueue.optional(),
  expiresTicketNPS: fields.expiresTicketNPS.optional(),
  maxUseBotQueuesNPS: fields.maxUseBotQueuesNPS.optional(),
  allowGroup: settingFields.allowGroup.optional(),
  outOfHoursMessage: settingFields.outOfHoursMessage.optional(),
  collectiveVacationMessage: settingFields.collectiveVacationMessage.optional(),
  collectiveVacationStart: settingFields.collectiveVacationStart.optional(),
  collectiveVacationEnd: settingFields.collectiveVacationEnd.optional(),
  timeCreateNewTicket: settingFields.timeCreateNewTicket.optional(),
  expiresTicket: settingFields.expiresTicket.optional(),
  whenExpiresTicket: settingFields.whenExpiresTicket.optional(),
  expiresInactiveMessage: settingFields.expiresInactiveMessage.optional(),
  timeInactiveMessage: settingFields.timeInactiveMessage.optional(),
  inactiveMessage: settingFields.inactiveMessage.optional(),
  schedules: settingFields.schedules.optional(),
  importOldMessages: settingFields.importOldMessages.optional(),
  importRecentMessages: settingFields.importRecentMessages.optional(),
  importOldMessagesGroups: settingFields.importOldMessagesGroups.optional(),
  closedTicketsPostImported: settingFields.closedTicketsPostImported.optional(),
  queueIdImportMessages: settingFields.queueIdImportMessages.optional(),
  provider: settingFields.provider.optional(),
  flowIdWelcome: settingFields.flowIdWelcome.optional(),
  flowIdNotPhrase: settingFields.flowIdNotPhrase.optional(),
  integrationId: settingFields.integrationId.optional(),
  promptId: settingFields.promptId.optional(),
  lgpdLink: settingFields.lgpdLink.optional(),
  lgpdMessage: settingFields.lgpdMessage.optional(),
  lgpdObfuscateDeleted: settingFields.lgpdObfuscateDeleted.optional(),
  lgpdAlwaysConfirm: settingFields.lgpdAlwaysConfirm.optional(),
  phoneNumberId: ZOptionalSecret,
  accessToken: ZOptionalSecret,
  appSecret: ZOptionalSecret,
  verifyToken: ZOptionalSecret,
  /** Cloud API: the WhatsApp Business Account holding the number (decision 0053). */
  businessAccountId: ZBusinessAccountId,
});
export type TUpdateWhatsappRequest = z.infer<typeof ZUpdateWhatsappRequestSchema>;

export const ZListWhatsappsQuerySchema = z.object({
  /** Ignored: always the caller's company. */
  companyId: z.unknown().optional(),
  /** Accepted for compatibility (0 meant "without session data"); no session data is ever answered. */
  session: z.unknown().optional(),
  /** Only connections of this channel (GET /whatsapp/filter). */
  channel: z.enum(CHANNELS).optional(),
});

/** A connection as the connection calls answer it. */
export type WhatsappAnswer = TConnectionSettings & {
  id: number;
  name: string;
  channel: Channel;
  status: string;
  /** The number the session is logged in as (Baileys), set by the channel worker. */
  number: string | null;
  /**
   * The history import's state as the worker reports it: IMPORT_CLOSE_READY once imported tickets may be closed,
   * or the import's start as milliseconds since the epoch (the screen reads 'preparing' for IMPORT_PREPARING_MS).
   */
  statusImportMessages: string | null;
  /** The history import's progress for the progress card; null when no import runs. */
  importProgress: ImportProgress | null;
  /** Why the connection's queue is held (rate-limited, restricted), or null (decision 0053). */
  sendHold: SendHold | null;
  /** Why the connection is down (token expired or revoked, permission removed, unreachable...), or null (decision 0093). */
  statusReason: ConnectionProblem | null;
  /** Cloud API: the WhatsApp Business Account whose templates are listed (not a secret), or null. */
  businessAccountId: string | null;
  /** The pending QR code of a Baileys session: answered only to those who may manage connections. */
  qrcode?: string | null;
  /** The pending pairing code (the alternative to the QR code): answered like qrcode. */
  pairingCode?: string | null;
  isDefault: boolean;
  greetingMessage: string | null;
  /** The greeting's media (spec 2 §3): its media-store URL, or null; set by POST /whatsapp/{id}/media-upload. */
  greetingMediaAttachment: string | null;
  /** The name the greeting's media was uploaded with, or null. */
  greetingMediaName: string | null;
  farewellMessage: string | null;
  groupAsTicket: "enabled" | "disabled";
  ratingMessage: string | null;
  maxUseBotQueues: number;
  timeUseBotQueues: number;
  sendIdQueue: number | null;
  timeSendQueue: number;
  expiresTicketNPS: number;
  maxUseBotQueuesNPS: number;
  companyId: number;
  queues: { id: number; name: string; color: string }[];
  /** The external API token: answered to admins only. */
  token?: string | null;
  /**
   * Cloud API: the phone number id and the webhook's verify token, in clear to those who may manage connections (the
   * admin gives them to Meta; decision 0093). The access token and the app secret never leave the server.
   */
  phoneNumberId?: string | null;
  verifyToken?: string | null;
  /** Whether each Cloud API field is set. */
  hasPhoneNumberId: boolean;
  hasAccessToken: boolean;
  hasAppSecret: boolean;
  hasVerifyToken: boolean;
  createdAt: string;
  updatedAt: string;
};

/** statusImportMessages when the import is done and its tickets may be closed (POST /closedimported/{id}). */
export const IMPORT_CLOSE_READY = "renderButtonCloseTickets";
/** How long after the import's start the session column reads 'preparing' (spec 2 §4, §9: 35 seconds). */
export const IMPORT_PREPARING_MS = 35_000;

/** The import progress card: `this` of `all` messages processed (`this` -1 while preparing), as of `date` (ISO). */
export type ImportProgress = { this: number; all: number; date: string };

/** The statuses of spec 2 §4 a connection's session goes through. */
export const CONNECTION_STATUSES = ["qrcode", "DISCONNECTED", "CONNECTED", "PAIRING", "TIMEOUT", "OPENING"] as const;

/** POST /whatsappsession/{id}: an optional phone number to pair by code instead of scanning a QR code. */
export const ZStartSessionRequestSchema = z
  .object({
    /** The WhatsApp number to pair (country code and number, digits only; spaces and symbols are dropped). */
    phoneNumber: z
      .string()
      .max(40, "Too Long!")
      .transform((v) => v.replace(/\D/g, ""))
      .pipe(z.string().min(8, "Too Short!").max(15, "Too Long!"))
      .optional(),
  })
  .default({});
export type TStartSessionRequest = z.infer<typeof ZStartSessionRequestSchema>;

/** A row of the super user's overview of every company's connections (GET /whatsapp/all). */
export type AllConnectionsRow = {
  id: number;
  name: string;
  channel: Channel;
  status: string;
  number: string | null;
  isDefault: boolean;
  companyId: number;
  companyName: string;
  /** Why the connection is down, or null (decision 0093). */
  statusReason: ConnectionProblem | null;
  updatedAt: string;
  /** What the session buttons read, as on the company's own table (decision 0105). */
  statusImportMessages: string | null;
  importOldMessages: string | null;
};

/**
 * GET /whatsapp-admin/{id}/references (super user; decision 0105): what the connection dialog reads from the
 * connection's own company when the super user opens it from /allConnections. A list is null when the company's
 * plan lacks its flag (useIntegrations, useOpenAi).
 */
export type ConnectionDialogReferences = {
  companyId: number;
  companyName: string;
  queues: { id: number; name: string }[];
  integrations: { id: number; name: string; type: string }[] | null;
  prompts: { id: number; name: string }[] | null;
  flows: { id: number; name: string }[];
  /** The company's scheduleType ("connection" shows the dialog's schedules tab). */
  scheduleType: string;
  /** The company's userRating is on. */
  userRating: boolean;
};

/** Messages of the rules below beside the shared 'Required' (the PWA translates each). */
export const CONNECTION_RULE_MESSAGES = { endBeforeStart: "End before start", dateOutOfRange: "Date out of range" };

const utcDay = (d: Date) => d.toISOString().slice(0, 10);

/**
 * Spec 2 §5 on the settings a connection will hold once saved (field -> message): a vacation message needs
 * both dates (the end not before the start); an import needs its queue; the old-messages date lies within
 * the last two years and not in the future, the recent date not before it and not in the future.
 * Shared by core (connection-settings.ts) and the connection dialog.
 */
export function connectionSettingsErrors(s: TConnectionSettings, now = new Date()): Record<string, string> {
  const fields: Record<string, string> = {};
  if (s.collectiveVacationMessage?.trim()) {
    if (!s.collectiveVacationStart) fields.collectiveVacationStart = "Required";
    if (!s.collectiveVacationEnd) fields.collectiveVacationEnd = "Required";
  }
  if (s.collectiveVacationStart && s.collectiveVacationEnd && s.collectiveVacationEnd < s.collectiveVacationStart) {
    fields.collectiveVacationEnd = CONNECTION_RULE_MESSAGES.endBeforeStart;
  }
  const importing = Boolean(s.importOldMessages || s.importRecentMessages);
  if (importing && s.queueIdImportMessages === null) fields.queueIdImportMessages = "Required";
  const today = utcDay(now);
  const twoYearsAgo = utcDay(new Date(Date.UTC(now.getUTCFullYear() - 2, now.getUTCMonth(), now.getUTCDate())));
  if (s.importOldMessages && (s.importOldMessages < twoYearsAgo || s.importOldMessages > today)) {
    fields.importOldMessages = CONNECTION_RULE_MESSAGES.dateOutOfRange;
  }
  if (s.importRecentMessages) {
    if (s.importRecentMessages > today || (s.importOldMessages && s.importRecentMessages < s.importOldMessages)) {
      fields.importRecentMessages = CONNECTION_RULE_MESSAGES.dateOutOfRange;
    }
  }
  return fields;
}

/**
 * Spec 2 §5 on the queue-bot, redirect and rating settings: the redirect needs both its queue and its delay,
 * and where the company asks for ratings (userRating) the question and its expiry must be set.
 */
export function botSettingsErrors(
  s: Pick<WhatsappAnswer, "ratingMessage" | "sendIdQueue" | "timeSendQueue" | "expiresTicketNPS">,
  userRating: boolean,
): Record<string, string> {
  const fields: Record<string, string> = {};
  if (s.timeSendQueue !== 0 && s.sendIdQueue === null) fields.sendIdQueue = "Required";
  if (s.sendIdQueue !== null && s.timeSendQueue === 0) fields.timeSendQueue = "Required";
  if (userRating) {
    if (!s.ratingMessage?.trim()) fields.ratingMessage = "Required";
    if (s.expiresTicketNPS === 0) fields.expiresTicketNPS = "Required";
  }
  return fields;
}

/** The multipart field of POST /whatsapp/{id}/media-upload (the greeting's media, spec 2 §7). */
export const GREETING_MEDIA_FIELD = "file";
