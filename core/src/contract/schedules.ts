// Scheduled messages (spec 1 §2 schedule dialog, §3, §5, §7; spec 2 §2 /schedules, §3, §4, §7): the request
// schemas with the spec's messages, the answer shape and the repeat rules. The PWA's dialog validates with
// these same schemas; the channel worker's timed sender reads the repeat rules from here.

import { z } from "zod";
import { BUSINESS_TIME_ZONE } from "./dates.ts";
import { zIdParam } from "./ids.ts";

/** Interval units (spec 1 §9 "Schedule defaults"): 1 days, 2 weeks, 3 months, 4 minutes. */
export const SCHEDULE_INTERVAL_UNITS = [1, 2, 3, 4] as const;
export type ScheduleIntervalUnit = (typeof SCHEDULE_INTERVAL_UNITS)[number];

/**
 * What a repeat does when it falls on a non-working day (spec 1 §9): 4 sends normally, 5 one working day
 * before, 6 one working day after. A working day is Monday to Friday in the business time zone (decision 0037).
 */
export const SCHEDULE_DAY_RULES = [4, 5, 6] as const;
export type ScheduleDayRule = (typeof SCHEDULE_DAY_RULES)[number];

/** PENDENTE waits for its next send, ENVIADA sent every time it was asked to, ERRO could not be sent. */
export const SCHEDULE_STATUSES = ["PENDENTE", "ENVIADA", "ERRO"] as const;
export type ScheduleStatus = (typeof SCHEDULE_STATUSES)[number];

/** Most sends one schedule may ask for. */
export const SCHEDULE_MAX_SENDS = 1000;
/** Longest body a schedule keeps (a WhatsApp text's limit). */
export const SCHEDULE_BODY_MAX = 4096;
/** The multipart field of POST /schedules/{id}/media-upload. */
export const SCHEDULE_MEDIA_FIELD = "file";

const required = "Obrigatório";
const isAbsent = (iss: { input: unknown }) => (iss.input === undefined || iss.input === null ? required : undefined);

const zEnabled = z.enum(["enabled", "disabled"]);

/** The fields of the schedule dialog; POST takes them all, PUT any of them. */
const fields = {
  /** The text to send; message variables ({{firstName}}...) are filled when it goes out. */
  body: z
    .string({ error: isAbsent })
    .trim()
    .min(1, required)
    .min(5, "Mensagem muito curta")
    .max(SCHEDULE_BODY_MAX, "Mensagem muito longa"),
  /** Who receives it. */
  contactId: z
    .unknown()
    .refine((v) => v !== undefined && v !== null && v !== "", required)
    .pipe(zIdParam),
  /** When it goes out the first time (ISO date-time). */
  sendAt: z
    .string({ error: isAbsent })
    .trim()
    .min(1, required)
    .pipe(z.iso.datetime({ offset: true, error: "Data inválida" })),
  /** Put the sender's name on top, as the composer's signature does. */
  assinar: z.boolean().default(false),
  /** Open (or keep) a ticket for the message, with the status, queue and user below. */
  openTicket: zEnabled.default("disabled"),
  /** Owner of the ticket the message opens. */
  ticketUserId: zIdParam.nullable().default(null),
  /** Queue of the ticket the message opens. */
  queueId: zIdParam.nullable().default(null),
  /** Status of the ticket the message opens. */
  statusTicket: z.enum(["open", "closed"]).default("closed"),
  /** Repeat unit: 1 days, 2 weeks, 3 months, 4 minutes. */
  intervalo: z.coerce
    .number()
    .int()
    .refine((v) => (SCHEDULE_INTERVAL_UNITS as readonly number[]).includes(v), "Intervalo inválido")
    .default(1),
  /** How many units between two sends (0: no repeat). */
  valorIntervalo: z.coerce.number().int().min(0).max(10_000).default(0),
  /** How many times to send in all (1: once). */
  enviarQuantasVezes: z.coerce.number().int().min(1).max(SCHEDULE_MAX_SENDS).default(1),
  /** Non-working-day rule: 4 send normally, 5 one working day before, 6 one working day after. */
  tipoDias: z.coerce
    .number()
    .int()
    .refine((v) => (SCHEDULE_DAY_RULES as readonly number[]).includes(v), "Tipo de dias inválido")
    .default(4),
  /** Connection to send through; the contact's, else the company's default, when absent. */
  whatsappId: zIdParam.nullable().default(null),
};

export const ZCreateScheduleRequestSchema = z.object(fields);
export type TCreateScheduleRequest = z.infer<typeof ZCreateScheduleRequestSchema>;

/** Every field optional; a changed sendAt sets the schedule pending again (a failed one may be retried). */
export const ZUpdateScheduleRequestSchema = z
  .object({
    body: fields.body.optional(),
    contactId: zIdParam.optional(),
    sendAt: fields.sendAt.optional(),
    assinar: z.boolean().optional(),
    openTicket: zEnabled.optional(),
    ticketUserId: zIdParam.nullable().optional(),
    queueId: zIdParam.nullable().optional(),
    statusTicket: z.enum(["open", "closed"]).optional(),
    intervalo: fields.intervalo.removeDefault().optional(),
    valorIntervalo: z.coerce.number().int().min(0).max(10_000).optional(),
    enviarQuantasVezes: z.coerce.number().int().min(1).max(SCHEDULE_MAX_SENDS).optional(),
    tipoDias: fields.tipoDias.removeDefault().optional(),
    whatsappId: zIdParam.nullable().optional(),
  })
  .strict();
export type TUpdateScheduleRequest = z.infer<typeof ZUpdateScheduleRequestSchema>;

export const ZListSchedulesQuerySchema = z.object({
  /** Matches the body or the contact's name, case-insensitively. */
  searchParam: z.string().trim().toLowerCase().max(200).optional(),
  /** 1-based page. */
  pageNumber: z.coerce.number().int().positive().max(100_000).default(1),
  /** Only this contact's schedules (/schedules?contactId=). */
  contactId: zIdParam.optional(),
});

/** A schedule as the calls and the replica carry it (spec 2 §3 Schedule). */
export type ScheduleDTO = {
  id: number;
  body: string;
  contactId: number;
  contact: { id: number; name: string } | null;
  /** ISO date-time of the next (or last) send. */
  sendAt: string;
  /** ISO date-time of the latest send, null before the first. */
  sentAt: string | null;
  status: ScheduleStatus;
  /** Why the latest send failed (status ERRO): an error code such as ERR_OUTSIDE_MESSAGING_WINDOW, or a reason. */
  lastError: string | null;
  assinar: boolean;
  openTicket: "enabled" | "disabled";
  ticketUserId: number | null;
  ticketUser: { id: number; name: string } | null;
  queueId: number | null;
  statusTicket: "open" | "closed";
  intervalo: number;
  valorIntervalo: number;
  enviarQuantasVezes: number;
  /** Sends made so far. */
  sentCount: number;
  tipoDias: number;
  mediaPath: string | null;
  mediaName: string | null;
  whatsappId: number | null;
  whatsapp: { id: number; name: string } | null;
  userId: number | null;
  companyId: number;
  createdAt: string;
  updatedAt: string;
};

/** GET /schedules. */
export type SchedulesPage = { schedules: ScheduleDTO[]; count: number; hasMore: boolean };

// --- Repeat rules, shared by the worker and the dialog's preview ---------------------------------------------

const WEEKDAY = new Intl.DateTimeFormat("en-US", { timeZone: BUSINESS_TIME_ZONE, weekday: "short" });

/** Monday to Friday in the business time zone (decision 0037: no holiday calendar). */
export function isWorkingDay(at: Date): boolean {
  const day = WEEKDAY.format(at);
  return day !== "Sat" && day !== "Sun";
}

/** `at` moved by whole units; months keep the day of the month where it exists (31 Jan + 1 month = 28/29 Feb). */
export function addInterval(at: Date, unit: number, count: number): Date {
  const d = new Date(at.getTime());
  if (unit === 4) return new Date(d.getTime() + count * 60_000);
  if (unit === 1) return new Date(d.getTime() + count * 86_400_000);
  if (unit === 2) return new Date(d.getTime() + count * 7 * 86_400_000);
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + count);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}

/** `at` moved off a non-working day by the rule: 4 unchanged, 5 back to the working day before, 6 forward. */
export function applyDayRule(at: Date, rule: number): Date {
  if (rule !== 5 && rule !== 6) return at;
  let d = at;
  const step = rule === 5 ? -1 : 1;
  while (!isWorkingDay(d)) d = new Date(d.getTime() + step * 86_400_000);
  return d;
}

/**
 * When send number `sent + 1` (1-based) goes out, for a schedule first due at `anchor`, or null when no send is
 * left. The nominal times are anchor + k × interval; the day rule moves each repeat, never the first send (the
 * person picked that date), and never accumulates (each repeat starts from its nominal time).
 */
export function nextSendAt(
  s: { intervalo: number; valorIntervalo: number; enviarQuantasVezes: number; tipoDias: number },
  anchor: Date,
  sent: number,
): Date | null {
  if (sent >= s.enviarQuantasVezes) return null;
  if (sent === 0) return anchor;
  if (s.valorIntervalo <= 0) return null;
  return applyDayRule(addInterval(anchor, s.intervalo, sent * s.valorIntervalo), s.tipoDias);
}
