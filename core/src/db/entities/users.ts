// Entities of the people who work in a company: users, their sessions'
// refresh tokens, queues and which queues each user serves.
import { defineEntity, type InferEntity, p } from "@mikro-orm/core";
import { createdAt, parentKey, timestamps } from "./columns.ts";
import { Company } from "./tenancy.ts";

const enabled = () => p.enum(["enabled", "disabled"] as const).default("disabled");

/** The actor cache's eviction (migration 0013): every write path, SQL by hand included, notifies. */
const notify = (table: string, events: string) => ({
  name: `${table}_notify`,
  timing: "after" as const,
  events: events.split(" OR ").map((e) => e.toLowerCase()) as ("insert" | "update" | "delete")[],
  expression: `CREATE TRIGGER ${table}_notify AFTER ${events} ON ${table}
      FOR EACH ROW EXECUTE FUNCTION chatflow_notify_users()`,
});

export const Queue = defineEntity({
  name: "Queue",
  tableName: "queues",
  uniques: [
    { name: "queues_company_id_color_key", properties: ["companyId", "color"] },
    { name: "queues_company_id_name_key", properties: ["companyId", "name"] },
  ],
  triggers: [notify("queues", "UPDATE OR DELETE")],
  checks: [{ name: "queues_tempo_roteador_check", expression: "tempo_roteador IN (0, 2, 5, 10, 15, 30, 45, 60)" }],
  properties: {
    id: p.integer().primary(),
    companyId: p.manyToOne(Company).mapToPk().joinColumn("company_id").deleteRule("cascade"),
    name: p.text(),
    color: p.text(),
    greetingMessage: p.text().nullable(),
    orderQueue: p.integer().nullable(),
    outOfHoursMessage: p.text().nullable(),
    completionMessage: p.text().nullable(),
    closeTicket: p.boolean().default(false),
    ativarRoteador: p.boolean().default(false),
    tempoRoteador: p.integer().default(0),
    integrationId: p.integer().nullable(),
    fileListId: p.integer().nullable(),
    /** Service hours per weekday (contract/queues.ts QueueSchedule). */
    schedules: p.json<unknown[]>().default("[]"),
    ...timestamps(),
  },
});
export type IQueue = InferEntity<typeof Queue>;

export const User = defineEntity({
  name: "User",
  tableName: "users",
  indexes: [
    { name: "users_company", properties: ["companyId", "id"] },
    // Expression indexes: MikroORM compares these by name only (its `expression` escape hatch).
    {
      name: "users_company_name",
      expression: "CREATE INDEX users_company_name ON users (company_id, lower(name), id)",
    },
  ],
  uniques: [{ name: "users_email_key", expression: "CREATE UNIQUE INDEX users_email_key ON users (lower(email))" }],
  triggers: [notify("users", "UPDATE OR DELETE")],
  properties: {
    id: p.integer().primary(),
    companyId: p.manyToOne(Company).mapToPk().joinColumn("company_id").deleteRule("cascade"),
    name: p.text(),
    email: p.text(),
    passwordHash: p.text().hidden(),
    profile: p.enum(["admin", "user"] as const).default("user"),
    super: p.boolean().default(false),
    sessionId: p.uuid().nullable(),
    whatsappId: p.integer().nullable(),
    startWork: p.text().default("00:00"),
    endWork: p.text().default("23:59"),
    farewellMessage: p.text().nullable(),
    allTicket: enabled(),
    allowGroup: p.boolean().default(false),
    defaultTheme: p.enum(["light", "dark"] as const).default("light"),
    defaultMenu: p.enum(["open", "closed"] as const).default("open"),
    allHistoric: enabled(),
    allUserChat: enabled(),
    userClosePendingTicket: enabled(),
    showDashboard: enabled(),
    allowRealTime: enabled(),
    allowConnections: enabled(),
    profileImage: p.text().nullable(),
    online: p.boolean().default(false),
    color: p.text().nullable(),
    defaultTicketsManagerWidth: p.integer().default(550),
    /** Raised when what the user may see changes, so their next sync pull rebuilds the replica. */
    replicaVersion: p.integer().default(0),
    ...timestamps(),
  },
});
export type IUser = InferEntity<typeof User>;

export const RefreshToken = defineEntity({
  name: "RefreshToken",
  tableName: "refresh_tokens",
  uniques: [{ name: "refresh_tokens_token_hash_key", properties: ["tokenHash"] }],
  properties: {
    id: p.uuid().primary(),
    userId: p.manyToOne(User).mapToPk().joinColumn("user_id").deleteRule("cascade"),
    sessionId: p.uuid(),
    tokenHash: p.text(),
    expiresAt: p.datetime(),
    usedAt: p.datetime().nullable(),
    createdAt: createdAt(),
  },
});
export type IRefreshToken = InferEntity<typeof RefreshToken>;

export const UserQueue = defineEntity({
  name: "UserQueue",
  tableName: "user_queues",
  triggers: [notify("user_queues", "INSERT OR UPDATE OR DELETE")],
  properties: {
    userId: parentKey(User, "user_id"),
    queueId: parentKey(Queue, "queue_id"),
    companyId: p.integer(),
  },
});
export type IUserQueue = InferEntity<typeof UserQueue>;
