// The audit log (issue 25, decision 0108): the kinds of entry, the list's query and answer, shared by the API and
// the /audit screen.
import { z } from "zod";
import { zDay } from "./dates.ts";
import { zIdParam } from "./ids.ts";

/** Every kind of entry the application records, `area.action`; the screen's kind filter offers these. */
export const AUDIT_KINDS = [
  "user.create",
  "user.update",
  "user.delete",
  "connection.create",
  "connection.update",
  "connection.delete",
  "queue.create",
  "queue.update",
  "queue.delete",
  "chatbot.create",
  "chatbot.update",
  "chatbot.delete",
  // Issue 25's gaps (decision 0108 addendum): tags, quick messages (from their documents' projection, any editor),
  // flows (created, duplicated, renamed, published, deleted), queue integrations, prompts, and the custom plan a
  // paid checkout applied (decision 0109).
  "tag.create",
  "tag.update",
  "tag.delete",
  "quickMessage.create",
  "quickMessage.update",
  "quickMessage.delete",
  "flow.create",
  "flow.update",
  "flow.delete",
  "integration.create",
  "integration.update",
  "integration.delete",
  "prompt.create",
  "prompt.update",
  "prompt.delete",
  "customPlan.checkout",
  "customPlan.purchase",
  "setting.update",
  "audit.retention",
  "contacts.export",
  "contacts.import",
  "contact.delete",
  "ticket.delete",
  "campaign.start",
  "signin.newDevice",
  // Two-factor sign-in (decision 0113): turned on or off by the user, reset by an admin, a recovery code used, the
  // recovery codes renewed.
  "twoFactor.enable",
  "twoFactor.disable",
  "twoFactor.adminReset",
  "twoFactor.recoveryCodeUsed",
  "twoFactor.recoveryCodesRenewed",
  // The super user's (platform-wide): a company's entry lands in that company, a plan's or a platform setting's in
  // the platform's company.
  "company.create",
  "company.update",
  "company.delete",
  "plan.create",
  "plan.update",
  "plan.delete",
  "platformSetting.update",
] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];

/** Entries one page of GET /audit holds. */
export const AUDIT_PAGE_SIZE = 50;
/** The installation's retention when AUDIT_RETENTION_DAYS is not set. */
export const AUDIT_DEFAULT_RETENTION_DAYS = 365;
/** A company's retention may go from one month to ten years. */
export const AUDIT_RETENTION_MIN_DAYS = 30;
export const AUDIT_RETENTION_MAX_DAYS = 3650;

const optionalDay = z.preprocess((v) => (v === "" ? undefined : v), zDay.optional());
const optionalId = z.preprocess((v) => (v === "" ? undefined : v), zIdParam.optional());

/** GET /audit and GET /audit/export. */
export const ZAuditQuerySchema = z.object({
  /** Only what this user did. */
  userId: optionalId,
  /** Only entries of this kind. */
  kind: z.preprocess((v) => (v === "" ? undefined : v), z.enum(AUDIT_KINDS).optional()),
  /** From this day (business time zone), inclusive. */
  dateFrom: optionalDay,
  /** Up to this day (business time zone), inclusive. */
  dateTo: optionalDay,
  /** The super user only: one company's entries (every company's when left out). */
  companyId: optionalId,
  /** 1-based page of GET /audit. */
  pageNumber: z.preprocess((v) => (v === "" || v === undefined ? 1 : v), zIdParam),
});
export type TAuditQuery = z.infer<typeof ZAuditQuerySchema>;

/** PUT /audit/retention: how many days the company's entries are kept; null for the installation's. */
export const ZAuditRetentionRequestSchema = z.object({
  /** Days; null falls back to the installation's retention. */
  days: z.number().int().min(AUDIT_RETENTION_MIN_DAYS).max(AUDIT_RETENTION_MAX_DAYS).nullable(),
});
export type TAuditRetentionRequest = z.infer<typeof ZAuditRetentionRequestSchema>;

export type AuditEntryAnswer = {
  id: number;
  companyId: number;
  /** The company's name (the super user's platform-wide list shows it). */
  companyName: string;
  userId: number | null;
  userName: string;
  kind: AuditKind;
  subjectId: number | null;
  subject: string;
  detail: Record<string, unknown>;
  createdAt: string;
};

export type AuditListAnswer = { entries: AuditEntryAnswer[]; hasMore: boolean };

/** GET /audit/retention. */
export type AuditRetentionAnswer = { days: number | null; installationDays: number };
