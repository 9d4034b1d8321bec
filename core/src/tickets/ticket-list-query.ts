// The query string of GET /tickets (spec 1 §7 Tickets), validated and
// normalised: every parameter of the spec, by its name. How each ambiguous one
// is read: docs/decisions/0008-ticket-list.md.
import { z } from "zod";
import { zDay } from "../contract/dates.ts";
import type { TicketStatus } from "../contract/entities.ts";
import { zQueryIds, zQueryList } from "../contract/ids.ts";

export const TICKET_STATUSES = ["pending", "open", "group", "closed", "lgpd", "nps"] as const satisfies TicketStatus[];

/** A list parameter (contract/ids.ts says which forms), its items sorted. */
const list = <T extends z.ZodType>(item: T, what: string) => zQueryList(item, what, { sorted: true });
const ids = (what: string) => zQueryIds(what, { sorted: true });

/** "true" switches a flag on; anything else (absent, "false") leaves it off. */
const flag = z
  .union([z.string(), z.boolean()])
  .optional()
  .transform((v) => v === true || v === "true");

/** A calendar day, yyyy-mm-dd (a longer ISO date-time is cut to its day). */
const day = zDay.optional();

export const ZListTicketsQuerySchema = z.object({
  /** 1-based page of TICKETS_PAGE_SIZE (40) tickets. */
  pageNumber: z.coerce.number().int().positive().max(1_000_000).default(1),
  /** The `nextCursor` of the previous page: the next page, with no server state needed. */
  cursor: z.string().max(400).optional(),
  /** Text to find (lower-cased) in contact names and numbers; also in message bodies with searchOnMessages. */
  searchParam: z
    .string()
    .max(200)
    .optional()
    .transform((v) => v?.trim().toLowerCase() || undefined),
  /** The list tab: one status. Absent, empty or "search": every status. */
  status: z
    .enum([...TICKET_STATUSES, "search", ""])
    .optional()
    .transform((v) => (v === "search" || v === "" ? undefined : v)),
  /** Tickets created that day (America/Sao_Paulo). */
  date: day,
  /** Tickets last updated that day (America/Sao_Paulo). */
  updatedAt: day,
  /** "true": admins, and users with allUserChat, also see other users' tickets in progress. */
  showAll: flag,
  /** Only tickets of these queues (and tickets with no queue when the caller has allTicket). */
  queueIds: ids("queue ids"),
  /** "true": only tickets with unread messages. */
  withUnreadMessages: flag,
  /** Only tickets of these connections (the same as whatsappIds; both may be given). */
  whatsapps: ids("connection ids"),
  /** Only tickets of these connections. */
  whatsappIds: ids("connection ids"),
  /** Only tickets carrying any of these tags. */
  tags: ids("tag ids"),
  /** Admins only: tickets owned by these users (ignored for other profiles). */
  users: ids("user ids"),
  /** Only tickets in any of these statuses (combined with status). */
  statusFilter: list(z.enum(TICKET_STATUSES, { error: "must be a JSON array of ticket statuses" }), "statuses"),
  /** Admins only: one more owner to filter on (a user id, or a JSON array of them), like users. */
  userFilter: ids("user ids"),
  /** Order by updatedAt, newest first (DESC, the default) or oldest first; DESC on closed and search. */
  sortTickets: z
    .string()
    .optional()
    .transform((v) => v?.toUpperCase() || undefined)
    .pipe(z.enum(["ASC", "DESC"], { error: "must be ASC or DESC" }).optional()),
  /** "true": searchParam also matches message bodies. */
  searchOnMessages: flag,
});

export type TListTicketsQuery = z.infer<typeof ZListTicketsQuerySchema>;
