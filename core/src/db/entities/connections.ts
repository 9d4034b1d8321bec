// Entities of the channel connections (spec 2 §3 Connection) and the queues
// each one offers.
import { defineEntity, type InferEntity, p } from "@mikro-orm/core";
import type { ConnectionProblem } from "../../contract/connection-state.ts";
import { parentKey, timestamps } from "./columns.ts";
import { Flow } from "./flows.ts";
import { Company } from "./tenancy.ts";
import { Queue } from "./users.ts";

export const Whatsapp = defineEntity({
  name: "Whatsapp",
  tableName: "whatsapps",
  // Evicts core's company cache when what a list item shows of a connection changes (migration 0125).
  triggers: [
    {
      name: "whatsapps_notify",
      timing: "after",
      events: ["update"],
      expression: `CREATE TRIGGER whatsapps_notify AFTER UPDATE ON whatsapps
      FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.channel IS DISTINCT FROM NEW.channel
        OR OLD.group_as_ticket IS DISTINCT FROM NEW.group_as_ticket OR OLD.company_id IS DISTINCT FROM NEW.company_id)
      EXECUTE FUNCTION chatflow_notify_references()`,
    },
    {
      name: "whatsapps_delete_notify",
      timing: "after",
      events: ["delete"],
      expression: `CREATE TRIGGER whatsapps_delete_notify AFTER DELETE ON whatsapps
      FOR EACH ROW EXECUTE FUNCTION chatflow_notify_references()`,
    },
  ],
  uniques: [
    { name: "whatsapps_company_id_name_key", properties: ["companyId", "name"] },
    // The Cloud API webhook finds a connection by its number alone.
    { name: "whatsapps_phone_number_id_key", properties: ["phoneNumberId"], where: "phone_number_id IS NOT NULL" },
    // The external API token is unique within its company only (decision 0039).
    { name: "whatsapps_company_id_token_key", properties: ["companyId", "token"], where: "token IS NOT NULL" },
    // Messenger and Instagram webhooks name their connection by page or Instagram account alone (decision 0052).
    { name: "whatsapps_channel_account_id_key", properties: ["channel", "accountId"], where: "account_id IS NOT NULL" },
  ],
  properties: {
    id: p.integer().primary(),
    companyId: p.manyToOne(Company).mapToPk().joinColumn("company_id").deleteRule("cascade"),
    name: p.text(),
    channel: p.enum(["whatsapp", "whatsappapi", "facebook", "instagram"] as const).default("whatsapp"),
    status: p.text().default("DISCONNECTED"),
    isDefault: p.boolean().default(false),
    greetingMessage: p.text().nullable(),
    /** The greeting's media (decision 0107): its media-store URL, the name it was uploaded with, its kind. */
    greetingMediaPath: p.text().nullable(),
    greetingMediaName: p.text().nullable(),
    greetingMediaType: p.text().nullable(),
    farewellMessage: p.text().nullable(),
    groupAsTicket: p.enum(["enabled", "disabled"] as const).default("disabled"),
    token: p.text().nullable().hidden(),
    phoneNumberId: p.text().nullable(),
    accessToken: p.text().nullable().hidden(),
    appSecret: p.text().nullable().hidden(),
    verifyToken: p.text().nullable().hidden(),
    /** Facebook and Instagram: the page the Send API sends as. */
    pageId: p.text().nullable().hidden(),
    /** Facebook and Instagram: the id Meta's webhooks name (the page, or the Instagram business account). */
    accountId: p.text().nullable().hidden(),
    ratingMessage: p.text().nullable(),
    maxUseBotQueues: p.integer().default(3),
    timeUseBotQueues: p.integer().default(0),
    sendIdQueue: p.manyToOne(Queue).mapToPk().joinColumn("send_id_queue").deleteRule("set null").nullable(),
    timeSendQueue: p.integer().default(0),
    expiresTicketNps: p.integer().default(0),
    maxUseBotQueuesNps: p.integer().default(3),
    number: p.text().nullable(),
    qrcode: p.text().nullable(),
    pairingCode: p.text().nullable(),
    allowGroup: p.boolean().default(false),
    outOfHoursMessage: p.text().nullable(),
    collectiveVacationMessage: p.text().nullable(),
    collectiveVacationStart: p.date().nullable(),
    collectiveVacationEnd: p.date().nullable(),
    timeCreateNewTicket: p.integer().default(0),
    expiresTicket: p.integer().default(0),
    whenExpiresTicket: p.integer().default(0),
    expiresInactiveMessage: p.text().nullable(),
    timeInactiveMessage: p.integer().default(0),
    inactiveMessage: p.text().nullable(),
    schedules: p.json<unknown[]>().default("[]"),
    importOldMessages: p.date().nullable(),
    importRecentMessages: p.date().nullable(),
    importOldMessagesGroups: p.boolean().default(false),
    closedTicketsPostImported: p.boolean().default(false),
    queueIdImportMessages: p
      .manyToOne(Queue)
      .mapToPk()
      .joinColumn("queue_id_import_messages")
      .deleteRule("set null")
      .nullable(),
    statusImportMessages: p.text().nullable(),
    /** The history import's progress as the worker reports it: `{ this, all, date }`, `this` -1 while preparing. */
    importProgress: p.json<Record<string, unknown>>().nullable(),
    provider: p.text().default("beta"),
    /** The connection's LGPD link and message, over the company's in the consent request (decision 0117). */
    lgpdLink: p.text().nullable(),
    lgpdMessage: p.text().nullable(),
    /** A message the contact deletes loses its text and file (decision 0117). */
    lgpdObfuscateDeleted: p.boolean().default(false),
    /** The LGPD consent is asked on every new ticket, not only until the contact first accepts (decision 0117). */
    lgpdAlwaysConfirm: p.boolean().default(false),
    /** Cloud API: the WhatsApp Business Account holding the number (its message_templates edge; decision 0053). */
    businessAccountId: p.text().nullable(),
    /** Why the connection's queue is held (a send refused as rate-limited or restricted), or null (decision 0053). */
    sendHold: p.json<{ reason: string; detail: string; since: string }>().nullable(),
    /** Why the connection is down: reason, detail, since, retryAt (decision 0093), or null. */
    statusReason: p.json<ConnectionProblem>().nullable(),
    /** The flow a new ticket's first message starts (decision 0054). */
    flowIdWelcome: p.manyToOne(Flow).mapToPk().joinColumn("flow_id_welcome").deleteRule("set null").nullable(),
    /** The flow a message matching no phrase campaign starts, once per ticket (decision 0054). */
    flowIdNotPhrase: p.manyToOne(Flow).mapToPk().joinColumn("flow_id_not_phrase").deleteRule("set null").nullable(),
    /** The queue integration that takes conversations waiting here with no queue (decision 0062; no foreign key). */
    integrationId: p.integer().nullable(),
    /** The AI prompt that answers conversations waiting here with no queue (decision 0062; no foreign key). */
    promptId: p.integer().nullable(),
    ...timestamps(),
  },
});
export type IWhatsapp = InferEntity<typeof Whatsapp>;

export const WhatsappQueue = defineEntity({
  name: "WhatsappQueue",
  tableName: "whatsapp_queues",
  properties: {
    whatsappId: parentKey(Whatsapp, "whatsapp_id"),
    queueId: parentKey(Queue, "queue_id"),
    companyId: p.integer(),
  },
});
export type IWhatsappQueue = InferEntity<typeof WhatsappQueue>;

/** A live channel worker (decision 0042): its presence lock's key and how long its last heartbeat vouches for it. */
export const ChannelWorker = defineEntity({
  name: "ChannelWorker",
  tableName: "channel_workers",
  properties: {
    workerId: p.text().primary(),
    presenceKey: p.integer(),
    expiresAt: p.datetime(),
  },
});
export type IChannelWorker = InferEntity<typeof ChannelWorker>;

/** Which worker sends for a connection, until when, and under which generation (the fencing token, 0042). */
export const ConnectionLease = defineEntity({
  name: "ConnectionLease",
  tableName: "connection_leases",
  properties: {
    whatsappId: parentKey(Whatsapp, "whatsapp_id"),
    holder: p.text(),
    presenceKey: p.integer(),
    generation: p.bigint("number"),
    expiresAt: p.datetime(),
  },
});
export type IConnectionLease = InferEntity<typeof ConnectionLease>;

/** One piece of a Baileys session's auth state (decision 0049): the creds, or one Signal key of one category. */
export const BaileysAuth = defineEntity({
  name: "BaileysAuth",
  tableName: "baileys_auth",
  properties: {
    companyId: p.manyToOne(Company).mapToPk().joinColumn("company_id").deleteRule("cascade").updateRule("no action"),
    whatsappId: parentKey(Whatsapp, "whatsapp_id"),
    category: p.text().primary(),
    keyId: p.text().primary(),
    value: p.json<unknown>(),
    updatedAt: p.datetime().defaultRaw("now()"),
  },
});
export type IBaileysAuth = InferEntity<typeof BaileysAuth>;

/**
 * The contacts a WhatsApp-by-QR connection knows (migration 0112, decision 0112): written by the channel worker from
 * Baileys' contact events, read by the import from the phone. `number` as contacts store it (digits, or "<lid>@lid").
 */
export const PhoneContact = defineEntity({
  name: "PhoneContact",
  tableName: "phone_contacts",
  properties: {
    companyId: p.manyToOne(Company).mapToPk().joinColumn("company_id").deleteRule("cascade").updateRule("no action"),
    whatsappId: parentKey(Whatsapp, "whatsapp_id"),
    number: p.text().primary(),
    /** The name saved in the phone's address book. */
    name: p.text().nullable(),
    /** The name the contact set on WhatsApp (push name). */
    notify: p.text().nullable(),
    /** A business account's verified name. */
    verifiedName: p.text().nullable(),
    /** The phone has a chat with the contact (Baileys' chats; POST /contacts/import/chats, decision 0120). */
    hasChat: p.boolean().default(false),
    updatedAt: p.datetime().defaultRaw("now()"),
  },
});
export type IPhoneContact = InferEntity<typeof PhoneContact>;

/**
 * A number core asked a connection's worker to check on WhatsApp (POST /contactsImport with validateContact,
 * migration 0122, decision 0122): answered by the worker holding the connection's socket, or never.
 */
export const ContactNumberCheck = defineEntity({
  name: "ContactNumberCheck",
  tableName: "contact_number_checks",
  properties: {
    id: p.uuid().primary().defaultRaw("gen_random_uuid()"),
    companyId: p.manyToOne(Company).mapToPk().joinColumn("company_id").deleteRule("cascade").updateRule("no action"),
    whatsappId: p.manyToOne(Whatsapp).mapToPk().joinColumn("whatsapp_id").deleteRule("cascade").updateRule("no action"),
    number: p.text(),
    createdAt: p.datetime().defaultRaw("now()"),
    answeredAt: p.datetime().nullable(),
    onWhatsapp: p.boolean().nullable(),
  },
  indexes: [
    {
      name: "contact_number_checks_waiting",
      expression:
        "CREATE INDEX contact_number_checks_waiting ON contact_number_checks (whatsapp_id, created_at) WHERE answered_at IS NULL",
    },
  ],
});
export type IContactNumberCheck = InferEntity<typeof ContactNumberCheck>;
