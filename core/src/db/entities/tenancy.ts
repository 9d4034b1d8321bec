// Entities of tenancy and billing: plans, companies, each company's settings
// and the platform's own settings.
import { defineEntity, type InferEntity, p } from "@mikro-orm/core";
import { createdAt, timestamps } from "./columns.ts";

export const Plan = defineEntity({
  name: "Plan",
  tableName: "plans",
  uniques: [{ name: "plans_name_key", properties: ["name"] }],
  properties: {
    id: p.integer().primary(),
    name: p.text(),
    users: p.integer().default(0),
    connections: p.integer().default(0),
    queues: p.integer().default(0),
    amount: p.decimal("number").precision(12).scale(2).default(0),
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
    isPublic: p.boolean().default(true),
    ...timestamps(),
  },
});
export type IPlan = InferEntity<typeof Plan>;

export const Company = defineEntity({
  name: "Company",
  tableName: "companies",
  triggers: [
    {
      // Evicts the actor cache of the company's users (migration 0013, function chatflow_notify_users).
      name: "companies_notify",
      timing: "after",
      events: ["update", "delete"],
      expression: `CREATE TRIGGER companies_notify AFTER UPDATE OR DELETE ON companies
        FOR EACH ROW EXECUTE FUNCTION chatflow_notify_users()`,
    },
  ],
  properties: {
    id: p.integer().primary(),
    name: p.text(),
    phone: p.text().nullable(),
    email: p.text().nullable(),
    status: p.boolean().default(true),
    dueDate: p.string().columnType("date").nullable(),
    recurrence: p.text().nullable(),
    planId: p.manyToOne(Plan).mapToPk().joinColumn("plan_id").deleteRule("no action").nullable(),
    /** The company's own plan, made by paying for a custom plan in checkout (migration 0109, decision 0109). */
    customPlanId: p.manyToOne(Plan).mapToPk().joinColumn("custom_plan_id").deleteRule("set null").nullable(),
    /** The company's service hours when its scheduleType is company (contract/queues.ts QueueSchedule). */
    schedules: p.json<unknown[]>().default("[]"),
    /** The tax id, the payment method and the company's last sign-in (migration 0064, spec 3 §3). */
    document: p.text().nullable(),
    paymentMethod: p.text().nullable(),
    lastLogin: p.datetime().nullable(),
    ...timestamps(),
  },
});
export type ICompany = InferEntity<typeof Company>;

/** A company's settings, one row per key (spec 1 §7 settings). */
export const Setting = defineEntity({
  name: "Setting",
  tableName: "settings",
  uniques: [{ name: "settings_company_id_key_key", properties: ["companyId", "key"] }],
  // Evicts core's company cache (migration 0125, function chatflow_notify_references).
  triggers: [
    {
      name: "settings_notify",
      timing: "after",
      events: ["insert", "update", "delete"],
      expression: `CREATE TRIGGER settings_notify AFTER INSERT OR UPDATE OR DELETE ON settings
      FOR EACH ROW EXECUTE FUNCTION chatflow_notify_references()`,
    },
  ],
  properties: {
    id: p.integer().primary(),
    companyId: p.manyToOne(Company).mapToPk().joinColumn("company_id").deleteRule("cascade"),
    key: p.text(),
    value: p.text().nullable(),
    ...timestamps(),
  },
});
export type ISetting = InferEntity<typeof Setting>;

/** Settings of the whole platform that the super user edits (spec 3), keyed by name. */
export const PlatformSetting = defineEntity({
  name: "PlatformSetting",
  tableName: "platform_settings",
  properties: {
    key: p.text().primary(),
    value: p.text().nullable(),
    ...timestamps(),
  },
});
export type IPlatformSetting = InferEntity<typeof PlatformSetting>;

/**
 * A secret every instance of the installation shares (migration 0095, decision 0095): the token secret and the
 * web push keys, written once by the first instance. Apart from platform_settings, which the super user's
 * screens read: nothing serves this table.
 */
export const PlatformSecret = defineEntity({
  name: "PlatformSecret",
  tableName: "platform_secrets",
  properties: {
    name: p.text().primary(),
    value: p.text(),
    createdAt: createdAt(),
  },
});
export type IPlatformSecret = InferEntity<typeof PlatformSecret>;

/** A help video of the platform (spec 3 §3 Help), the super user's (decision 0055). */
export const Help = defineEntity({
  name: "Help",
  tableName: "helps",
  properties: {
    id: p.integer().primary(),
    title: p.text(),
    description: p.text().default(""),
    /** The video's code (a YouTube id), not a URL. */
    video: p.text().default(""),
    ...timestamps(),
  },
});
export type IHelp = InferEntity<typeof Help>;

/** Rate-limit counters shared by every core process (decision 0022); unlogged, so a crash may forget them. */
export const RateLimit = defineEntity({
  name: "RateLimit",
  tableName: "rate_limits",
  indexes: [{ name: "rate_limits_window_start", properties: ["windowStart"] }],
  properties: {
    key: p.text().primary(),
    windowStart: p.datetime(),
    hits: p.integer(),
  },
});
export type IRateLimit = InferEntity<typeof RateLimit>;
