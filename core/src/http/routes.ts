// Every API router of core, in one list. Public routers answer without a
// session; the others run behind `authenticate`. A domain adds its router here.

import type { Router } from "express";
import type pg from "pg";
import { announcementMediaRoutes, announcementRoutes } from "../announcements/announcement-routes.ts";
import { auditRoutes } from "../audit/audit-routes.ts";
import type { ActorCache } from "../auth/actor-cache.ts";
import type { Tokens } from "../auth/tokens.ts";
import { campaignRoutes } from "../campaigns/campaign-routes.ts";
import { chatbotRoutes } from "../chatbots/chatbot-routes.ts";
import { chatRoutes } from "../chats/chat-routes.ts";
import { companyAdminRoutes } from "../companies/company-admin-routes.ts";
import { companyRoutes } from "../companies/company-routes.ts";
import { companyScheduleRoutes } from "../companies/company-schedule-routes.ts";
import { helpRoutes } from "../companies/help-routes.ts";
import { planAdminRoutes } from "../companies/plan-admin-routes.ts";
import { planRoutes } from "../companies/plan-routes.ts";
import { contactListRoutes } from "../contact-lists/contact-list-routes.ts";
import { contactImportRoutes } from "../contacts/contact-import-routes.ts";
import type { ContactImportRunner } from "../contacts/contact-import-runner.ts";
import { contactRoutes } from "../contacts/contact-routes.ts";
import { dashboardRoutes } from "../dashboard/dashboard-routes.ts";
import { externalApiRoutes } from "../external-api/external-api-routes.ts";
import { facebookRoutes } from "../facebook/facebook-routes.ts";
import { fileListRoutes } from "../files/file-list-routes.ts";
import { flowCampaignRoutes } from "../flows/flow-campaign-routes.ts";
import { flowRoutes } from "../flows/flow-routes.ts";
import { integrationRoutes } from "../integrations/integration-routes.ts";
import { invoiceRoutes, pixWebhookRoutes } from "../invoices/invoice-routes.ts";
import { kanbanRoutes } from "../kanban/kanban-routes.ts";
import type { CoreConfig } from "../kernel/config.ts";
import { DEFAULT_PUSH_SERVICE_ORIGINS, type VapidKeys } from "../kernel/vapid-keys.ts";
import { mailConfigured } from "../mail/mailer.ts";
import { mediaRoutes } from "../media/media-routes.ts";
import type { IngestBatcher } from "../messages/ingest.ts";
import { messageRoutes } from "../messages/message-routes.ts";
import { graphApiOf } from "../meta/graph-api.ts";
import { momentsRoutes } from "../moments/moments-routes.ts";
import { passwordResetRoutes } from "../password-reset/password-reset-routes.ts";
import { subscriptionGuard } from "../plans/subscription-guard.ts";
import type { CompanyCache } from "../presenters/company-cache.ts";
import { promptRoutes } from "../prompts/prompt-routes.ts";
import { pushRoutes } from "../push/push-routes.ts";
import { queueRoutes } from "../queues/queue-routes.ts";
import { quickMessageRoutes } from "../quick-messages/quick-message-routes.ts";
import { reportRoutes } from "../reports/report-routes.ts";
import { scheduleRoutes } from "../schedules/schedule-routes.ts";
import { publicSettingsRoutes, settingsRoutes } from "../settings/settings-routes.ts";
import { brandingFileRoutes, whitelabelRoutes } from "../settings/whitelabel-routes.ts";
import { signupRoutes } from "../signup/signup-routes.ts";
import { syncRoutes } from "../sync/sync-routes.ts";
import { tagRoutes } from "../tags/tag-routes.ts";
import { ticketNoteRoutes } from "../ticket-notes/ticket-note-routes.ts";
import { ticketActionsRoutes } from "../tickets/ticket-actions-routes.ts";
import { ticketLogRoutes } from "../tickets/ticket-log-routes.ts";
import { ticketRoutes } from "../tickets/ticket-routes.ts";
import { twoFactorRoutes } from "../two-factor/two-factor-routes.ts";
import { userRoutes } from "../users/user-routes.ts";
import { connectionSessionRoutes } from "../whatsapps/connection-session-routes.ts";
import { messageTemplateRoutes } from "../whatsapps/message-template-routes.ts";
import { whatsappRoutes } from "../whatsapps/whatsapp-routes.ts";
import type { HealthState } from "./health.ts";
import type { CoreMetrics } from "./metrics.ts";

export type AppDeps = {
  pool: pg.Pool;
  tokens: Tokens;
  config: CoreConfig;
  batcher: IngestBatcher;
  /** Signed-in users' rows reused across requests (see auth/actor-cache.ts). */
  actors?: ActorCache;
  /** Company settings and the names list items show, reused across requests (see presenters/company-cache.ts). */
  companies?: CompanyCache;
  /** Runs contact spreadsheet imports in worker threads (see contacts/contact-import-runner.ts). */
  imports: ContactImportRunner;
  /** The web push keys in use (config.vapid, or the pair kept under DATA_DIR). */
  vapid: VapidKeys;
  /** Whether this core is stopping (GET /readyz answers 503 then); never draining when left out. */
  health?: HealthState;
  /** Prometheus metrics (GET /metrics with METRICS_TOKEN); none when left out. */
  metrics?: CoreMetrics;
};

/** Routers that need no session (besides /auth, which core mounts itself). */
export function publicRoutes(deps: AppDeps): Router[] {
  return [
    signupRoutes(deps.pool, deps.config.limits),
    passwordResetRoutes(deps.pool, {
      mail: deps.config.mail,
      limits: deps.config.passwordReset,
      evictUser: (id) => deps.actors?.evictUser(id),
    }),
    planRoutes(deps.pool),
    publicSettingsRoutes(deps.pool),
    brandingFileRoutes(deps.config.dataDir),
    announcementMediaRoutes(deps.config.dataDir),
    // Authenticated by a connection's token, not a session (spec 3 §7).
    externalApiRoutes(deps.pool, deps.config.dataDir, deps.config.limits),
    pixWebhookRoutes(deps.pool, deps.config),
  ];
}

/** Routers behind a live session; `res.locals.actor` is the caller (see actorOf). */
export function sessionRoutes(deps: AppDeps): Router[] {
  return [
    // First: an expired company's calls stop here with 402, except billing.
    subscriptionGuard(),
    syncRoutes(deps.pool),
    ticketLogRoutes(deps.pool),
    ticketRoutes(deps.pool, deps.companies),
    ticketActionsRoutes(deps.pool),
    messageRoutes(deps),
    mediaRoutes(deps.config.dataDir),
    contactRoutes(deps.pool, deps.config.limits),
    contactImportRoutes(deps.pool, deps.imports, { dataDir: deps.config.dataDir, waitMs: deps.config.importWaitMs }),
    contactListRoutes(deps.pool, deps.imports, { dataDir: deps.config.dataDir, waitMs: deps.config.importWaitMs }),
    tagRoutes(deps.pool),
    kanbanRoutes(deps.pool),
    ticketNoteRoutes(deps.pool),
    quickMessageRoutes(deps.pool, deps.config.dataDir, deps.config.syncUrl),
    scheduleRoutes(deps.pool, deps.config.dataDir),
    campaignRoutes(deps.pool, deps.config.dataDir),
    fileListRoutes(deps.pool, deps.config.dataDir),
    integrationRoutes(deps.pool, { allowPrivateTargets: deps.config.integrationsAllowPrivateTargets ?? false }),
    promptRoutes(deps.pool),
    userRoutes(deps.pool, deps.config.dataDir, deps.config.limits),
    twoFactorRoutes(deps.pool),
    queueRoutes(deps.pool),
    auditRoutes(deps.pool),
    chatbotRoutes(deps.pool),
    connectionSessionRoutes(deps.pool, graphApiOf(deps.config)),
    flowRoutes(deps.pool, deps.config.dataDir, deps.config.syncUrl),
    flowCampaignRoutes(deps.pool),
    whatsappRoutes(deps.pool, graphApiOf(deps.config), deps.config.dataDir),
    facebookRoutes(deps.pool, graphApiOf(deps.config), {
      id: deps.config.facebookAppId,
      secret: deps.config.facebookAppSecret,
    }),
    messageTemplateRoutes(deps.pool, graphApiOf(deps.config)),
    settingsRoutes(
      deps.pool,
      {
        mailConfigured: mailConfigured(deps.config.mail),
        publicUrlConfigured: Boolean(deps.config.publicUrl),
      },
      deps.config.dataDir,
    ),
    companyScheduleRoutes(deps.pool),
    companyAdminRoutes(deps.pool, deps.config.dataDir),
    companyRoutes(deps.pool),
    planAdminRoutes(deps.pool),
    helpRoutes(deps.pool),
    momentsRoutes(deps.pool),
    whitelabelRoutes(deps.pool, deps.config.dataDir),
    pushRoutes({
      pool: deps.pool,
      publicKey: deps.vapid.publicKey,
      pushServiceOrigins: deps.config.pushServiceOrigins ?? DEFAULT_PUSH_SERVICE_ORIGINS,
    }),
    dashboardRoutes(deps.pool),
    chatRoutes(deps.pool),
    announcementRoutes(deps.pool, deps.config.dataDir),
    reportRoutes(deps.pool),
    invoiceRoutes(deps.pool, deps.config),
  ];
}
