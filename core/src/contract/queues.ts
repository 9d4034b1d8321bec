// Requests and answers of the queue calls (GET/POST/PUT/DELETE /queue), shared
// by the API and the queue form (spec 2 §3 Queue, §5 Queue rules, §9 constants).
import { z } from "zod";
import { zId } from "./ids.ts";

export const ZQueueNameSchema = z.string({ error: "Required" }).trim().min(2, "Too Short!").max(50, "Too Long!");
/** Hex colour (#rgb or #rrggbb), stored lower-cased so that uniqueness means the same colour. */
export const ZQueueColorSchema = z
  .string({ error: "Required" })
  .trim()
  .min(3, "Too Short!")
  .max(9, "Too Long!")
  .regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, "Invalid color")
  .toLowerCase();

/** Rotation times the queue form offers, in minutes (spec 2 §5, §9); 0 means unset. */
export const QUEUE_ROTATION_MINUTES = [0, 2, 5, 10, 15, 30, 45, 60] as const;

/** Weekdays of the service-hours tab, monday first (spec 2 §2). */
export const WEEKDAYS = [
  { weekdayEn: "monday", weekday: "Segunda-feira" },
  { weekdayEn: "tuesday", weekday: "Terça-feira" },
  { weekdayEn: "wednesday", weekday: "Quarta-feira" },
  { weekdayEn: "thursday", weekday: "Quinta-feira" },
  { weekdayEn: "friday", weekday: "Sexta-feira" },
  { weekdayEn: "saturday", weekday: "Sábado" },
  { weekdayEn: "sunday", weekday: "Domingo" },
] as const;
export type WeekdayEn = (typeof WEEKDAYS)[number]["weekdayEn"];

/** HH:MM, or empty for a window that is not used. */
const zTime = z
  .string()
  .trim()
  .regex(/^(?:(?:[01]\d|2[0-3]):[0-5]\d)?$/, "Invalid time");

export const ZQueueScheduleSchema = z.object({
  /** Weekday name as the form shows it. */
  weekday: z.string().trim().max(30),
  /** Weekday key, monday to sunday. */
  weekdayEn: z.enum(WEEKDAYS.map((d) => d.weekdayEn) as [WeekdayEn, ...WeekdayEn[]]),
  /** Window A, start and end (HH:MM). */
  startTimeA: zTime,
  endTimeA: zTime,
  /** Window B, start and end (HH:MM). */
  startTimeB: zTime,
  endTimeB: zTime,
});
export type QueueSchedule = z.infer<typeof ZQueueScheduleSchema>;

/** One entry per weekday, at most once each. */
export const ZQueueSchedulesSchema = z
  .array(ZQueueScheduleSchema)
  .max(7)
  .refine((list) => new Set(list.map((s) => s.weekdayEn)).size === list.length, "Duplicate weekday");

/** Every weekday with the default windows 08:00-12:00 and 13:00-18:00 (spec 2 §9). */
export const defaultQueueSchedules = (): QueueSchedule[] =>
  WEEKDAYS.map((d) => ({ ...d, startTimeA: "08:00", endTimeA: "12:00", startTimeB: "13:00", endTimeB: "18:00" }));

const zMessage = z.string().max(4000, "Too Long!").nullable();

const QUEUE_FIELDS = {
  /** Queue name, 2 to 50 characters, unique in the company. */
  name: ZQueueNameSchema,
  /** Queue colour, 3 to 9 characters, unique in the company (ERR_QUEUE_COLOR_ALREADY_EXISTS). */
  color: ZQueueColorSchema,
  /** Text sent when a contact enters this queue; required when the company has more than one queue. */
  greetingMessage: zMessage,
  /** Text sent outside the queue's service hours; required when the company's scheduleType is queue. */
  outOfHoursMessage: zMessage,
  /** Text of the queue's completion message (the queue form's field). */
  completionMessage: zMessage,
  /** Position in the chatbot's queue menu; null sorts last. */
  orderQueue: z.number().int().min(0).max(10_000).nullable(),
  /** Close the ticket when the chatbot ends in this queue. */
  closeTicket: z.boolean(),
  /** Rotation on: waiting tickets go to the next online agent after tempoRoteador minutes. */
  ativarRoteador: z.boolean(),
  /** Rotation time in minutes, one of QUEUE_ROTATION_MINUTES. */
  tempoRoteador: z
    .number()
    .int()
    .refine((n) => (QUEUE_ROTATION_MINUTES as readonly number[]).includes(n), "Invalid option"),
  /** The queue's integration (queue integrations issue). */
  integrationId: zId.nullable(),
  /** The file list the queue may send (file lists issue). */
  fileListId: zId.nullable(),
  /** Service hours per weekday, used when the company's scheduleType is queue. */
  schedules: ZQueueSchedulesSchema,
};

export const ZCreateQueueRequestSchema = z.object({
  name: QUEUE_FIELDS.name,
  color: QUEUE_FIELDS.color,
  greetingMessage: QUEUE_FIELDS.greetingMessage.default(null),
  outOfHoursMessage: QUEUE_FIELDS.outOfHoursMessage.default(null),
  completionMessage: QUEUE_FIELDS.completionMessage.default(null),
  orderQueue: QUEUE_FIELDS.orderQueue.default(null),
  closeTicket: QUEUE_FIELDS.closeTicket.default(false),
  ativarRoteador: QUEUE_FIELDS.ativarRoteador.default(false),
  tempoRoteador: QUEUE_FIELDS.tempoRoteador.default(0),
  integrationId: QUEUE_FIELDS.integrationId.default(null),
  fileListId: QUEUE_FIELDS.fileListId.default(null),
  schedules: QUEUE_FIELDS.schedules.default([]),
});
export type TCreateQueueRequest = z.infer<typeof ZCreateQueueRequestSchema>;

export const ZUpdateQueueRequestSchema = z.object({
  name: QUEUE_FIELDS.name.optional(),
  color: QUEUE_FIELDS.color.optional(),
  greetingMessage: QUEUE_FIELDS.greetingMessage.optional(),
  outOfHoursMessage: QUEUE_FIELDS.outOfHoursMessage.optional(),
  completionMessage: QUEUE_FIELDS.completionMessage.optional(),
  orderQueue: QUEUE_FIELDS.orderQueue.optional(),
  closeTicket: QUEUE_FIELDS.closeTicket.optional(),
  ativarRoteador: QUEUE_FIELDS.ativarRoteador.optional(),
  tempoRoteador: QUEUE_FIELDS.tempoRoteador.optional(),
  integrationId: QUEUE_FIELDS.integrationId.optional(),
  fileListId: QUEUE_FIELDS.fileListId.optional(),
  schedules: QUEUE_FIELDS.schedules.optional(),
});
export type TUpdateQueueRequest = z.infer<typeof ZUpdateQueueRequestSchema>;

/** Server-side rule texts (spec 2 §8), as `fields` of ERR_VALIDATION. */
export const QUEUE_GREETING_REQUIRED = "Greeting message required when more than one queue exists";
export const QUEUE_OUT_OF_HOURS_REQUIRED = "Out of hours message required when the schedule type is queue";

/** A queue as the queue calls answer it. */
export type QueueAnswer = {
  id: number;
  name: string;
  color: string;
  greetingMessage: string | null;
  outOfHoursMessage: string | null;
  completionMessage: string | null;
  orderQueue: number | null;
  closeTicket: boolean;
  ativarRoteador: boolean;
  tempoRoteador: number;
  integrationId: number | null;
  fileListId: number | null;
  schedules: QueueSchedule[];
  companyId: number;
  createdAt: string;
  updatedAt: string;
};

/** One queue with its chatbot option tree (GET /queue/{id}). */
export type QueueWithChatbots = QueueAnswer & { chatbots: import("./chatbots.ts").ChatbotAnswer[] };
