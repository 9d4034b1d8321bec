// The tickets report (spec 3 §2 "Reports", §3 Ticket report row, §7 "Reports", §9): the query of
// GET /ticketreport/reports and the page it answers. Who sees which rows: decision 0072.
import { z } from "zod";
import { zDayWith } from "./dates.ts";
import type { TicketStatus } from "./entities.ts";
import { zIdParamWith, zQueryIds, zQueryList } from "./ids.ts";

/** spec 3 §9: the page sizes the screen offers, and its default. */
export const REPORT_PAGE_SIZES = [5, 10, 20, 50] as const;
export const REPORT_DEFAULT_PAGE_SIZE = 10;
/** The largest page one call answers: the Excel export asks page after page of this many (spec 3 §7). */
export const REPORT_MAX_PAGE_SIZE = 5000;
/** spec 3 §9: the Excel file's name. */
export const REPORT_FILE_NAME = "relatio-de-atendimentos.xlsx";
export const REPORT_STATUSES = ["pending", "open", "group", "closed", "lgpd", "nps"] as const satisfies TicketStatus[];

/** One row of the report (spec 3 §3 Ticket report row). */
export type TicketReportRowDTO = {
  id: number;
  uuid: string;
  whatsappName: string | null;
  contactName: string;
  userName: string | null;
  queueName: string | null;
  status: TicketStatus;
  lastMessage: string;
  createdAt: string;
  closedAt: string | null;
  /** Seconds from the ticket's creation to its closing; null while not closed. */
  supportTime: number | null;
  /** The contact's latest rating of this ticket, as stored; null when not rated. */
  NPS: number | null;
};

export type TicketReportDTO = { tickets: TicketReportRowDTO[]; totalTickets: { total: number } };

const day = zDayWith("must be a day (yyyy-mm-dd)").optional();

export const ZTicketReportQuerySchema = z
  .object({
    /** Part of the contact's name or number (numbers only when the caller reads them unmasked). */
    searchParam: z
      .string()
      .max(200)
      .optional()
      .transform((v) => v?.trim().toLowerCase() || undefined),
    /** Only this contact's tickets. */
    contactId: zIdParamWith("Invalid contactId").optional(),
    /** Only tickets of these connections (one id or a JSON array). */
    whatsappId: zQueryIds("connection ids"),
    /** Only tickets held by these users. */
    users: zQueryIds("user ids"),
    /** Only tickets in these queues. */
    queueIds: zQueryIds("queue ids"),
    /** Only tickets in these statuses. */
    status: zQueryList(z.enum(REPORT_STATUSES, { error: "Invalid status" }), "statuses"),
    /** Tickets created from this day on (America/Sao_Paulo). */
    dateFrom: day,
    /** Tickets created up to this day, inclusive. */
    dateTo: day,
    /** 1-based page. */
    page: zIdParamWith("Invalid page").default(1),
    /** Rows per page (the screen offers 5, 10, 20, 50; the export asks for more). */
    pageSize: zIdParamWith("Invalid pageSize")
      .refine((n) => n <= REPORT_MAX_PAGE_SIZE, `At most ${REPORT_MAX_PAGE_SIZE}`)
      .default(REPORT_DEFAULT_PAGE_SIZE),
    /** "true": only tickets the contact rated. */
    onlyRated: z
      .union([z.string(), z.boolean()])
      .optional()
      .transform((v) => v === true || v === "true"),
  })
  .refine((q) => !q.dateFrom || !q.dateTo || q.dateFrom <= q.dateTo, {
    message: "dateFrom is after dateTo",
    path: ["dateTo"],
  });
export type TTicketReportQuery = z.infer<typeof ZTicketReportQuerySchema>;
