// Opens the database: MikroORM for entities and migrations, and a pg pool on
// the same server for the set-based hot paths.
import { Migrator } from "@mikro-orm/migrations";
import { MikroORM } from "@mikro-orm/postgresql";
import type { PoolSettings } from "../kernel/config.ts";
import { ENTITIES } from "./entities/index.ts";
import { Migration0001Init } from "./migrations/0001-init.ts";
import { Migration0002InboxDomain } from "./migrations/0002-inbox-domain.ts";
import { Migration0003TicketList } from "./migrations/0003-ticket-list.ts";
import { Migration0005Messages } from "./migrations/0005-messages.ts";
import { Migration0006Contacts } from "./migrations/0006-contacts.ts";
import { Migration0007UsersSettings } from "./migrations/0007-users-settings.ts";
import { Migration0008ReplicaVersion } from "./migrations/0008-replica-version.ts";
import { Migration0009BotSettings } from "./migrations/0009-bot-settings.ts";
import { Migration0011AgendaJobs } from "./migrations/0011-agenda-jobs.ts";
import { Migration0013UserChangeNotify } from "./migrations/0013-user-change-notify.ts";
import { Migration0015RatingAsks } from "./migrations/0015-rating-asks.ts";
import { Migration0016CounterKeys } from "./migrations/0016-counter-keys.ts";
import { Migration0020QuickMessageLists } from "./migrations/0020-quick-message-lists.ts";
import { Migration0021ContactImports } from "./migrations/0021-contact-imports.ts";
import { Migration0022RateLimits } from "./migrations/0022-rate-limits.ts";
import { Migration0027MessageIdsPerCompany } from "./migrations/0027-message-ids-per-company.ts";
import { Migration0031PushSubscriptions } from "./migrations/0031-push-subscriptions.ts";
import { Migration0032QueuesChatbot } from "./migrations/0032-queues-chatbot.ts";
import { Migration0033Schedules } from "./migrations/0033-schedules.ts";
import { Migration0039KeysPerCompany } from "./migrations/0039-keys-per-company.ts";
import { Migration0040ConnectionLeases } from "./migrations/0040-connection-leases.ts";
import { Migration0041ConnectionSettings } from "./migrations/0041-connection-settings.ts";
import { Migration0044ServiceHours } from "./migrations/0044-service-hours.ts";
import { Migration0045KanbanLanes } from "./migrations/0045-kanban-lanes.ts";
import { Migration0046FileListsQuickMessageFields } from "./migrations/0046-file-lists-quick-message-fields.ts";
import { Migration0047BaileysAuth } from "./migrations/0047-baileys-auth.ts";
import { Migration0048ConnectionImportMarks } from "./migrations/0048-connection-import-marks.ts";
import { Migration0049Flows } from "./migrations/0049-flows.ts";
import { Migration0050FacebookPages } from "./migrations/0050-facebook-pages.ts";
import { Migration0051CloudTemplatesSendHold } from "./migrations/0051-cloud-templates-send-hold.ts";
import { Migration0052FlowRuntime } from "./migrations/0052-flow-runtime.ts";
import { Migration0053Helps } from "./migrations/0053-helps.ts";
import { Migration0054QueueIntegrationsPrompts } from "./migrations/0054-queue-integrations-prompts.ts";
import { Migration0056ScheduleLastMessage } from "./migrations/0056-schedule-last-message.ts";
import { Migration0057DashboardIndexes } from "./migrations/0057-dashboard-indexes.ts";
import { Migration0059FlowHandover } from "./migrations/0059-flow-handover.ts";
import { Migration0060ConnectionIntegrationPrompt } from "./migrations/0060-connection-integration-prompt.ts";
import { Migration0062ContactsNumberSearchExpression } from "./migrations/0062-contacts-number-search-expression.ts";
import { Migration0063DashboardIndexesOnlyForPeriods } from "./migrations/0063-dashboard-indexes-only-for-periods.ts";
import { Migration0064CompanyAdminFields } from "./migrations/0064-company-admin-fields.ts";
import { Migration0065Announcements } from "./migrations/0065-announcements.ts";
import { Migration0066Chats } from "./migrations/0066-chats.ts";
import { Migration0067ContactLists } from "./migrations/0067-contact-lists.ts";
import { Migration0068Campaigns } from "./migrations/0068-campaigns.ts";
import { Migration0070PasswordResetCodes } from "./migrations/0070-password-reset-codes.ts";
import { Migration0071Invoices } from "./migrations/0071-invoices.ts";
import { Migration0089CustomerPreviewAndMessageSearch } from "./migrations/0089-customer-preview-and-message-search.ts";
import { Migration0093ConnectionStatusReason } from "./migrations/0093-connection-status-reason.ts";
import { Migration0095PlatformSecrets } from "./migrations/0095-platform-secrets.ts";
import { Migration0104InvoicePaymentCheck } from "./migrations/0104-invoice-payment-check.ts";
import { Migration0107ConnectionGreetingMedia } from "./migrations/0107-connection-greeting-media.ts";
import { Migration0108AuditLog } from "./migrations/0108-audit-log.ts";
import { Migration0109CustomPlanPurchase } from "./migrations/0109-custom-plan-purchase.ts";
import { Migration0110InvoicePaymentLinks } from "./migrations/0110-invoice-payment-links.ts";
import { Migration0111ChatMessageUuid } from "./migrations/0111-chat-message-uuid.ts";
import { Migration0112PhoneContacts } from "./migrations/0112-phone-contacts.ts";
import { Migration0113TwoFactor } from "./migrations/0113-two-factor.ts";
import { Migration0115MessageSearchUnaccent } from "./migrations/0115-message-search-unaccent.ts";
import { Migration0117ConnectionLgpd } from "./migrations/0117-connection-lgpd.ts";
import { Migration0120ContactListNumberCheck } from "./migrations/0120-contact-list-number-check.ts";
import { Migration0122ContactNumberChecks } from "./migrations/0122-contact-number-checks.ts";
import { Migration0123ImportMappings } from "./migrations/0123-import-mappings.ts";
import { Migration0124MessageSearchVector } from "./migrations/0124-message-search-vector.ts";
import { Migration0125ReferenceChangeNotify } from "./migrations/0125-reference-change-notify.ts";
import { PostgresNamingStrategy } from "./naming.ts";
import { type DbPool, openPool } from "./pool.ts";

/** Applied in this order; each file is named NNNN-what.ts and appended here. */
export const MIGRATIONS = [
  { name: "0001-init", class: Migration0001Init },
  { name: "0002-inbox-domain", class: Migration0002InboxDomain },
  { name: "0003-ticket-list", class: Migration0003TicketList },
  { name: "0005-messages", class: Migration0005Messages },
  { name: "0006-contacts", class: Migration0006Contacts },
  { name: "0007-users-settings", class: Migration0007UsersSettings },
  { name: "0008-replica-version", class: Migration0008ReplicaVersion },
  { name: "0009-bot-settings", class: Migration0009BotSettings },
  { name: "0011-agenda-jobs", class: Migration0011AgendaJobs },
  { name: "0013-user-change-notify", class: Migration0013UserChangeNotify },
  { name: "0015-rating-asks", class: Migration0015RatingAsks },
  { name: "0016-counter-keys", class: Migration0016CounterKeys },
  { name: "0020-quick-message-lists", class: Migration0020QuickMessageLists },
  { name: "0021-contact-imports", class: Migration0021ContactImports },
  { name: "0022-rate-limits", class: Migration0022RateLimits },
  { name: "0027-message-ids-per-company", class: Migration0027MessageIdsPerCompany },
  { name: "0031-push-subscriptions", class: Migration0031PushSubscriptions },
  { name: "0032-queues-chatbot", class: Migration0032QueuesChatbot },
  { name: "0033-schedules", class: Migration0033Schedules },
  { name: "0039-keys-per-company", class: Migration0039KeysPerCompany },
  { name: "0040-connection-leases", class: Migration0040ConnectionLeases },
  { name: "0041-connection-settings", class: Migration0041ConnectionSettings },
  { name: "0044-service-hours", class: Migration0044ServiceHours },
  { name: "0045-kanban-lanes", class: Migration0045KanbanLanes },
  { name: "0046-file-lists-quick-message-fields", class: Migration0046FileListsQuickMessageFields },
  { name: "0047-baileys-auth", class: Migration0047BaileysAuth },
  { name: "0048-connection-import-marks", class: Migration0048ConnectionImportMarks },
  { name: "0049-flows", class: Migration0049Flows },
  { name: "0050-facebook-pages", class: Migration0050FacebookPages },
  { name: "0051-cloud-templates-send-hold", class: Migration0051CloudTemplatesSendHold },
  { name: "0052-flow-runtime", class: Migration0052FlowRuntime },
  { name: "0053-helps", class: Migration0053Helps },
  { name: "0054-queue-integrations-prompts", class: Migration0054QueueIntegrationsPrompts },
  { name: "0056-schedule-last-message", class: Migration0056ScheduleLastMessage },
  { name: "0057-dashboard-indexes", class: Migration0057DashboardIndexes },
  { name: "0059-flow-handover", class: Migration0059FlowHandover },
  { name: "0060-connection-integration-prompt", class: Migration0060ConnectionIntegrationPrompt },
  { name: "0062-contacts-number-search-expression", class: Migration0062ContactsNumberSearchExpression },
  { name: "0063-dashboard-indexes-only-for-periods", class: Migration0063DashboardIndexesOnlyForPeriods },
  { name: "0064-company-admin-fields", class: Migration0064CompanyAdminFields },
  { name: "0065-announcements", class: Migration0065Announcements },
  { name: "0066-chats", class: Migration0066Chats },
  { name: "0067-contact-lists", class: Migration0067ContactLists },
  { name: "0068-campaigns", class: Migration0068Campaigns },
  { name: "0070-password-reset-codes", class: Migration0070PasswordResetCodes },
  { name: "0071-invoices", class: Migration0071Invoices },
  { name: "0093-connection-status-reason", class: Migration0093ConnectionStatusReason },
  { name: "0089-customer-preview-and-message-search", class: Migration0089CustomerPreviewAndMessageSearch },
  { name: "0095-platform-secrets", class: Migration0095PlatformSecrets },
  { name: "0104-invoice-payment-check", class: Migration0104InvoicePaymentCheck },
  { name: "0107-connection-greeting-media", class: Migration0107ConnectionGreetingMedia },
  { name: "0108-audit-log", class: Migration0108AuditLog },
  { name: "0109-custom-plan-purchase", class: Migration0109CustomPlanPurchase },
  { name: "0113-two-factor", class: Migration0113TwoFactor },
  { name: "0110-invoice-payment-links", class: Migration0110InvoicePaymentLinks },
  { name: "0111-chat-message-uuid", class: Migration0111ChatMessageUuid },
  { name: "0112-phone-contacts", class: Migration0112PhoneContacts },
  { name: "0115-message-search-unaccent", class: Migration0115MessageSearchUnaccent },
  { name: "0117-connection-lgpd", class: Migration0117ConnectionLgpd },
  { name: "0120-contact-list-number-check", class: Migration0120ContactListNumberCheck },
  { name: "0122-contact-number-checks", class: Migration0122ContactNumberChecks },
  { name: "0123-import-mappings", class: Migration0123ImportMappings },
  { name: "0124-message-search-vector", class: Migration0124MessageSearchVector },
  { name: "0125-reference-change-notify", class: Migration0125ReferenceChangeNotify },
];

export type Db = DbPool & { orm: MikroORM };

export async function openDb(databaseUrl: string, opts: PoolSettings = {}): Promise<Db> {
  const orm = await MikroORM.init({
    clientUrl: databaseUrl,
    entities: ENTITIES,
    namingStrategy: PostgresNamingStrategy,
    extensions: [Migrator],
    migrations: {
      migrationsList: MIGRATIONS,
      tableName: "mikro_orm_migrations",
      transactional: true,
      // Migrations are hand-written; no schema snapshot files.
      snapshot: false,
      snapshotOnMigrate: false,
    },
    pool: { min: 0, max: 4 },
    debug: false,
    logger: () => {},
    allowGlobalContext: false,
  });
  const { pool, close } = openPool(databaseUrl, opts);
  return {
    orm,
    pool,
    async close() {
      await close();
      await orm.close(true);
    },
  };
}

export async function migrate(db: Db): Promise<void> {
  await db.orm.migrator.up();
}
