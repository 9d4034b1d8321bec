// MikroORM entity definitions (defineEntity) for the tables of the first
// migration. References between records are plain ids: every query names its
// company explicitly, and hot paths (ingest, sync, inbox pages) use set-based
// SQL on the same connection pool (see docs/decisions/0003-orm-and-sql.md).
import { defineEntity, type InferEntity, p } from "@mikro-orm/core";

const timestamps = {
  createdAt: p.datetime().onCreate(() => new Date()),
  updatedAt: p
    .datetime()
    .onCreate(() => new Date())
    .onUpdate(() => new Date()),
};

export const Plan = defineEntity({
  name: "Plan",
  tableName: "plans",
  properties: {
    id: p.integer().primary(),
    name: p.string(),
    users: p.integer().default(0),
    connections: p.integer().default(0),
    queues: p.integer().default(0),
    amount: p.decimal("number").default(0),
    useWhatsapp: p.boolean().default(true),
    useFacebook: p.boolean().default(true),
    useInstagram: p.boolean().default(true),
    useCampaigns: p.boolean().default(true),
    useSchedules: p.boolean().default(true),
    useInternalChat: p.boolean().default(true),
    useExternalApi: p.boolean().default(true),
    useKanban: p.boolean().default(true),
    useOpenAi: p.boolean().default(true),
    useIntegrations: p.boolean().default(true),
    ...timestamps,
  },
});
export type IPlan = InferEntity<typeof Plan>;

export const Company = defineEntity({
  name: "Company",
  tableName: "companies",
  properties: {
    id: p.integer().primary(),
    name: p.string(),
    phone: p.string().nullable(),
    email: p.string().nullable(),
    status: p.boolean().default(true),
    dueDate: p.string().columnType("date").nullable(),
    recurrence: p.string().nullable(),
    planId: p.integer().nullable(),
    ...timestamps,
  },
});
export type ICompany = InferEntity<typeof Company>;

export const User = defineEntity({
  name: "User",
  tableName: "users",
  properties: {
    id: p.integer().primary(),
    companyId: p.integer(),
    name: p.string(),
    email: p.string(),
    passwordHash: p.string().hidden(),
    profile: p.enum(["admin", "user"] as const).default("user"),
    super: p.boolean().default(false),
    sessionId: p.uuid().nullable(),
    whatsappId: p.integer().nullable(),
    startWork: p.string().default("00:00"),
    endWork: p.string().default("23:59"),
    farewellMessage: p.string().nullable(),
    allTicket: p.enum(["enabled", "disabled"] as const).default("disabled"),
    allowGroup: p.boolean().default(false),
    defaultTheme: p.enum(["light", "dark"] as const).default("light"),
    defaultMenu: p.enum(["open", "closed"] as const).default("open"),
    allHistoric: p.enum(["enabled", "disabled"] as const).default("disabled"),
    allUserChat: p.enum(["enabled", "disabled"] as const).default("disabled"),
    userClosePendingTicket: p.enum(["enabled", "disabled"] as const).default("disabled"),
    showDashboard: p.enum(["enabled", "disabled"] as const).default("disabled"),
    allowRealTime: p.enum(["enabled", "disabled"] as const).default("disabled"),
    allowConnections: p.enum(["enabled", "disabled"] as const).default("disabled"),
    profileImage: p.string().nullable(),
    online: p.boolean().default(false),
    color: p.string().nullable(),
    defaultTicketsManagerWidth: p.integer().default(550),
    ...timestamps,
  },
});
export type IUser = InferEntity<typeof User>;

export const Queue = defineEntity({
  name: "Queue",
  tableName: "queues",
  properties: {
    id: p.integer().primary(),
    companyId: p.integer(),
    name: p.string(),
    color: p.string(),
    greetingMessage: p.string().nullable(),
    orderQueue: p.integer().nullable(),
    ...timestamps,
  },
});
export type IQueue = InferEntity<typeof Queue>;

export const Whatsapp = defineEntity({
  name: "Whatsapp",
  tableName: "whatsapps",
  properties: {
    id: p.integer().primary(),
    companyId: p.integer(),
    name: p.string(),
    channel: p.enum(["whatsapp", "whatsappapi", "facebook", "instagram"] as const).default("whatsapp"),
    status: p.string().default("DISCONNECTED"),
    isDefault: p.boolean().default(false),
    greetingMessage: p.string().nullable(),
    farewellMessage: p.string().nullable(),
    groupAsTicket: p.enum(["enabled", "disabled"] as const).default("disabled"),
    token: p.string().nullable().hidden(),
    phoneNumberId: p.string().nullable(),
    accessToken: p.string().nullable().hidden(),
    appSecret: p.string().nullable().hidden(),
    verifyToken: p.string().nullable().hidden(),
    ratingMessage: p.string().nullable(),
    maxUseBotQueues: p.integer().default(3),
    timeUseBotQueues: p.integer().default(0),
    sendIdQueue: p.integer().nullable(),
    timeSendQueue: p.integer().default(0),
    expiresTicketNps: p.integer().default(0),
    maxUseBotQueuesNps: p.integer().default(3),
    ...timestamps,
  },
});
export type IWhatsapp = InferEntity<typeof Whatsapp>;

export const Contact = defineEntity({
  name: "Contact",
  tableName: "contacts",
  properties: {
    id: p.integer().primary(),
    companyId: p.integer(),
    name: p.string(),
    number: p.string(),
    email: p.string().default(""),
    urlPicture: p.string().nullable(),
    active: p.boolean().default(true),
    acceptAudioMessage: p.boolean().default(true),
    disableBot: p.boolean().default(false),
    isGroup: p.boolean().default(false),
    channel: p.string().default("whatsapp"),
    whatsappId: p.integer().nullable(),
    extraInfo: p.json<{ id?: number; name: string; value: string }[]>().default("[]"),
    lgpdAcceptedAt: p.datetime().nullable(),
    ...timestamps,
  },
});
export type IContact = InferEntity<typeof Contact>;

export const Ticket = defineEntity({
  name: "Ticket",
  tableName: "tickets",
  properties: {
    id: p.integer().primary(),
    uuid: p.uuid(),
    companyId: p.integer(),
    contactId: p.integer(),
    whatsappId: p.integer().nullable(),
    queueId: p.integer().nullable(),
    userId: p.integer().nullable(),
    status: p.enum(["pending", "open", "group", "closed", "lgpd", "nps"] as const).default("pending"),
    channel: p.string().default("whatsapp"),
    isGroup: p.boolean().default(false),
    isBot: p.boolean().default(false),
    useIntegration: p.boolean().default(false),
    unreadMessages: p.integer().default(0),
    lastMessage: p.string().default(""),
    amountUsedBotQueues: p.integer().default(0),
    botStartedAt: p.datetime().nullable(),
    ratingAskedAt: p.datetime().nullable(),
    amountUsedBotQueuesNps: p.integer().default(0),
    ...timestamps,
  },
});
export type ITicket = InferEntity<typeof Ticket>;

export const Message = defineEntity({
  name: "Message",
  tableName: "messages",
  properties: {
    id: p.uuid().primary(),
    companyId: p.integer(),
    ticketId: p.integer(),
    contactId: p.integer().nullable(),
    whatsappId: p.integer().nullable(),
    userId: p.integer().nullable(),
    queueId: p.integer().nullable(),
    body: p.text().default(""),
    fromMe: p.boolean().default(false),
    read: p.boolean().default(false),
    mediaType: p.string().default("chat"),
    mediaUrl: p.string().nullable(),
    dataJson: p.json<unknown>().nullable(),
    ack: p.smallint().default(0),
    isDeleted: p.boolean().default(false),
    isEdited: p.boolean().default(false),
    isForwarded: p.boolean().default(false),
    isPrivate: p.boolean().default(false),
    quotedMsgId: p.uuid().nullable(),
    remoteId: p.string().nullable(),
    sendState: p.enum(["queued", "claimed", "sending", "sent", "failed"] as const).nullable(),
    sendAttempts: p.integer().default(0),
    claimedBy: p.string().nullable(),
    claimedAt: p.datetime().nullable(),
    errorCode: p.string().nullable(),
    ...timestamps,
  },
});
export type IMessage = InferEntity<typeof Message>;

export const ChangeLog = defineEntity({
  name: "ChangeLog",
  tableName: "change_log",
  properties: {
    companyId: p.integer().primary(),
    seq: p.bigint("number").primary(),
    entity: p.string(),
    entityId: p.string(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type IChangeLog = InferEntity<typeof ChangeLog>;

export const ENTITIES = [Plan, Company, User, Queue, Whatsapp, Contact, Ticket, Message, ChangeLog];
