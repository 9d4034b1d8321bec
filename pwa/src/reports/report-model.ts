// The reports screen's rules, apart from React (spec 3 §2 "Reports", §7, §9): the default period (first of the
// month to today, America/Sao_Paulo), the query of GET /ticketreport/reports for the filters, how times read,
// and the spreadsheet's rows. The export asks page after page of REPORT_MAX_PAGE_SIZE rows.
import { BUSINESS_TIME_ZONE } from "@chatflow/core/contract/dates.ts";
import {
  REPORT_MAX_PAGE_SIZE,
  type TicketReportDTO,
  type TicketReportRowDTO,
} from "@chatflow/core/contract/reports.ts";
import type { ApiClient } from "../api/http.ts";
import type { Cell } from "../dashboard/xlsx-writer.ts";

export type ReportFilters = {
  contactId: number | null;
  whatsappId: number | null;
  users: number[];
  queueIds: number[];
  status: string[];
  /** yyyy-mm-dd; empty is "not given". */
  dateFrom: string;
  dateTo: string;
  onlyRated: boolean;
};

/** Today in the report's time zone, yyyy-mm-dd. */
export function reportToday(now: Date = new Date()): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: BUSINESS_TIME_ZONE }).format(now);
}

/** spec 3 §9: the first day of the current month to today. */
export function defaultFilters(now: Date = new Date()): ReportFilters {
  const today = reportToday(now);
  return {
    contactId: null,
    whatsappId: null,
    users: [],
    queueIds: [],
    status: [],
    dateFrom: `${today.slice(0, 8)}01`,
    dateTo: today,
    onlyRated: false,
  };
}

/** The query string for the filters and one page (lists as JSON arrays, as the spec's client sends them). */
export function reportQuery(f: ReportFilters, page: number, pageSize: number): string {
  const params = new URLSearchParams();
  if (f.contactId !== null) params.set("contactId", String(f.contactId));
  if (f.whatsappId !== null) params.set("whatsappId", JSON.stringify([f.whatsappId]));
  if (f.users.length > 0) params.set("users", JSON.stringify(f.users));
  if (f.queueIds.length > 0) params.set("queueIds", JSON.stringify(f.queueIds));
  if (f.status.length > 0) params.set("status", JSON.stringify(f.status));
  if (f.dateFrom) params.set("dateFrom", f.dateFrom);
  if (f.dateTo) params.set("dateTo", f.dateTo);
  if (f.onlyRated) params.set("onlyRated", "true");
  params.set("page", String(page));
  params.set("pageSize", String(pageSize));
  return params.toString();
}

/** dd/mm/yyyy hh:mm in America/Sao_Paulo. */
export function reportDateTime(iso: string | null): string {
  if (!iso) return "";
  const parts = new Intl.DateTimeFormat("pt-BR", {
    timeZone: BUSINESS_TIME_ZONE,
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(new Date(iso));
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${get("day")}/${get("month")}/${get("year")} ${get("hour")}:${get("minute")}`;
}

/** Seconds as hh:mm:ss (hours past 24 keep counting); "" while the ticket is not closed. */
export function supportTimeText(seconds: number | null): string {
  if (seconds === null) return "";
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${pad(Math.floor(seconds / 3600))}:${pad(Math.floor((seconds % 3600) / 60))}:${pad(seconds % 60)}`;
}

/** Page n of how many, and the rows it shows ("11–20"). */
export function pageRange(page: number, pageSize: number, total: number): { from: number; to: number; pages: number } {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  return { from, to: Math.min(total, page * pageSize), pages };
}

export type SheetHeaders = {
  id: string;
  whatsappName: string;
  contactName: string;
  userName: string;
  queueName: string;
  status: string;
  lastMessage: string;
  createdAt: string;
  closedAt: string;
  supportTime: string;
  NPS: string;
};

/** The spreadsheet: a header row, then one row per ticket in the screen's columns. */
export function reportSheet(
  rows: readonly TicketReportRowDTO[],
  h: SheetHeaders,
  statusText: (status: string) => string,
): Cell[][] {
  return [
    [
      h.id,
      h.whatsappName,
      h.contactName,
      h.userName,
      h.queueName,
      h.status,
      h.lastMessage,
      h.createdAt,
      h.closedAt,
      h.supportTime,
      h.NPS,
    ],
    ...rows.map((r) => [
      r.id,
      r.whatsappName ?? "",
      r.contactName,
      r.userName ?? "",
      r.queueName ?? "",
      statusText(r.status),
      r.lastMessage,
      reportDateTime(r.createdAt),
      reportDateTime(r.closedAt),
      supportTimeText(r.supportTime),
      r.NPS,
    ]),
  ];
}

/** Every row of the filters, page after page (spec 3 §7: the export uses the same call with a large page size). */
export async function fetchAllRows(api: Pick<ApiClient, "get">, f: ReportFilters): Promise<TicketReportRowDTO[]> {
  const rows: TicketReportRowDTO[] = [];
  for (let page = 1; ; page++) {
    const answer = await api.get<TicketReportDTO>(
      `/ticketreport/reports?${reportQuery(f, page, REPORT_MAX_PAGE_SIZE)}`,
    );
    rows.push(...answer.tickets);
    if (answer.tickets.length < REPORT_MAX_PAGE_SIZE || rows.length >= answer.totalTickets.total) return rows;
  }
}
