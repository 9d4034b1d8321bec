// The audit screen's model (decision 0108): the filters as GET /audit's query, and one entry's facts as a line.
import {
  AUDIT_RETENTION_MAX_DAYS,
  AUDIT_RETENTION_MIN_DAYS,
  type AuditEntryAnswer,
} from "@chatflow/core/contract/audit.ts";
import { BUSINESS_TIME_ZONE } from "@chatflow/core/contract/dates.ts";

export type AuditFilters = {
  userId: number | null;
  kind: string | null;
  dateFrom: string;
  dateTo: string;
  /** The super user's platform view: one company's entries (null: every company's). */
  companyId: number | null;
};

export const emptyFilters = (): AuditFilters => ({
  userId: null,
  kind: null,
  dateFrom: "",
  dateTo: "",
  companyId: null,
});

/** GET /audit's (and /audit/export's) query string for the filters; the page when given. */
export function auditQuery(f: AuditFilters, page?: number): string {
  const q = new URLSearchParams();
  if (f.userId !== null) q.set("userId", String(f.userId));
  if (f.kind) q.set("kind", f.kind);
  if (f.dateFrom) q.set("dateFrom", f.dateFrom);
  if (f.dateTo) q.set("dateTo", f.dateTo);
  if (f.companyId !== null) q.set("companyId", String(f.companyId));
  if (page !== undefined) q.set("pageNumber", String(page));
  return q.toString();
}

/** When it happened, in the business time zone, the way the language writes dates. */
export function auditDateTime(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, {
    timeZone: BUSINESS_TIME_ZONE,
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
  }).format(new Date(iso));
}

/** The entry's facts in a few words: what changed (field names, a setting's old → new value, a count). */
export function auditDetail(e: Pick<AuditEntryAnswer, "detail">, fieldsLabel: string): string {
  const d = e.detail as Record<string, unknown>;
  const parts: string[] = [];
  if (Array.isArray(d.fields) && d.fields.length > 0) parts.push(`${fieldsLabel}: ${d.fields.join(", ")}`);
  if ("from" in d || "to" in d) parts.push(`${String(d.from ?? "")} → ${String(d.to ?? "")}`);
  for (const k of ["profile", "channel", "planId", "queueId", "tickets", "days", "scheduledAt", "ip"]) {
    if (d[k] !== undefined && d[k] !== null && d[k] !== "") parts.push(`${k}: ${String(d[k])}`);
  }
  return parts.join(" · ");
}

/** The days typed, or null for empty; undefined when out of range or not a whole number. */
export function retentionDays(text: string): number | null | undefined {
  if (text.trim() === "") return null;
  const n = Number(text);
  return Number.isInteger(n) && n >= AUDIT_RETENTION_MIN_DAYS && n <= AUDIT_RETENTION_MAX_DAYS ? n : undefined;
}
