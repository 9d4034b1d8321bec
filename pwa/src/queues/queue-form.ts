// The queue modal's logic (spec 2 §2 Queues, §3 Queue, §5 Queue rules): the form's fields,
// their check with the contract's schemas and the two company rules (a greeting once the
// company has more than one queue; the out-of-hours message when scheduleType is queue),
// the service hours with their defaults, and the body of POST /queue or PUT /queue/{id}.
// Queues are admin-only REST: saving needs a connection.
import {
  defaultQueueSchedules,
  QUEUE_GREETING_REQUIRED,
  QUEUE_OUT_OF_HOURS_REQUIRED,
  type QueueAnswer,
  type QueueSchedule,
  type TCreateQueueRequest,
  WEEKDAYS,
  ZCreateQueueRequestSchema,
} from "@chatflow/core/contract/queues.ts";
import { ApiError } from "../api/errors.ts";
import type { ApiClient } from "../api/http.ts";
import { fieldErrors, serverFieldErrors } from "../i18n/form-errors.ts";
import { errorText } from "../i18n/translate-error.ts";

export type QueueForm = {
  name: string;
  color: string;
  /** "" for none (sorts last in the bot's menu). */
  orderQueue: string;
  greetingMessage: string;
  outOfHoursMessage: string;
  completionMessage: string;
  closeTicket: boolean;
  ativarRoteador: boolean;
  tempoRoteador: number;
  /** The file list the queue may send (spec 2 §3), null for none. */
  fileListId: number | null;
  /** The queue's integration (spec 2 §3), null for none; shown only with the plan's useIntegrations. */
  integrationId: number | null;
  schedules: QueueSchedule[];
};

/** The contract's messages this form shows beside the shared ones (i18n keys). */
export const QUEUE_MESSAGES: Record<string, string> = {
  "Invalid color": "queuesPage.validation.invalidColor",
  "Invalid time": "queuesPage.validation.invalidTime",
  "Invalid option": "queuesPage.validation.invalidOption",
  [QUEUE_GREETING_REQUIRED]: "queuesPage.validation.greetingRequired",
  [QUEUE_OUT_OF_HOURS_REQUIRED]: "queuesPage.validation.outOfHoursRequired",
};

/** Every weekday once, monday first, keeping what the queue has and the defaults for the rest. */
export function fullWeek(schedules: readonly QueueSchedule[]): QueueSchedule[] {
  const defaults = defaultQueueSchedules();
  return WEEKDAYS.map((d, i) => {
    const own = schedules.find((s) => s.weekdayEn === d.weekdayEn);
    return own ? { ...own, weekday: d.weekday } : defaults[i]!;
  });
}

export function newQueueForm(): QueueForm {
  return {
    name: "",
    color: "#2196F3",
    orderQueue: "",
    greetingMessage: "",
    outOfHoursMessage: "",
    completionMessage: "",
    closeTicket: false,
    ativarRoteador: false,
    tempoRoteador: 0,
    fileListId: null,
    integrationId: null,
    schedules: defaultQueueSchedules(),
  };
}

export function queueFormFrom(q: QueueAnswer): QueueForm {
  return {
    name: q.name,
    color: q.color,
    orderQueue: q.orderQueue === null ? "" : String(q.orderQueue),
    greetingMessage: q.greetingMessage ?? "",
    outOfHoursMessage: q.outOfHoursMessage ?? "",
    completionMessage: q.completionMessage ?? "",
    closeTicket: q.closeTicket,
    ativarRoteador: q.ativarRoteador,
    tempoRoteador: q.tempoRoteador,
    fileListId: q.fileListId,
    integrationId: q.integrationId,
    schedules: fullWeek(q.schedules ?? []),
  };
}

const text = (s: string) => (s.trim() === "" ? null : s);

/** The request body; the hours are sent only when the company uses queue hours (else they stay as stored). */
export function queueRequest(form: QueueForm, withHours: boolean): Partial<TCreateQueueRequest> & { name: string } {
  const order = form.orderQueue.trim();
  return {
    name: form.name,
    color: form.color,
    orderQueue: order === "" ? null : Number(order),
    greetingMessage: text(form.greetingMessage),
    outOfHoursMessage: text(form.outOfHoursMessage),
    completionMessage: text(form.completionMessage),
    closeTicket: form.closeTicket,
    ativarRoteador: form.ativarRoteador,
    // Rotation off keeps no time.
    tempoRoteador: form.ativarRoteador ? form.tempoRoteador : 0,
    fileListId: form.fileListId,
    integrationId: form.integrationId,
    ...(withHours ? { schedules: form.schedules } : {}),
  };
}

export type QueueErrors = Record<string, string>;

export type QueueRulesContext = {
  /** How many queues the company will have with this one. */
  queueCount: number;
  /** The company's scheduleType setting. */
  scheduleType: string;
};

/** Field errors of the form (translated), empty when it may be sent. */
export function validateQueueForm(form: QueueForm, ctx: QueueRulesContext): QueueErrors {
  const withHours = ctx.scheduleType === "queue";
  const body = queueRequest(form, withHours);
  const out: QueueErrors = {};
  if (body.orderQueue !== null && body.orderQueue !== undefined && !Number.isInteger(body.orderQueue)) {
    out.orderQueue = errorTextFor("Invalid option");
  }
  const parsed = ZCreateQueueRequestSchema.safeParse(body);
  if (!parsed.success) Object.assign(out, fieldErrors(parsed.error, QUEUE_MESSAGES));
  if (ctx.queueCount > 1 && !body.greetingMessage && !out.greetingMessage) {
    out.greetingMessage = errorTextFor(QUEUE_GREETING_REQUIRED);
  }
  if (withHours && !body.outOfHoursMessage && !out.outOfHoursMessage) {
    out.outOfHoursMessage = errorTextFor(QUEUE_OUT_OF_HOURS_REQUIRED);
  }
  return out;
}

const errorTextFor = (message: string) => serverFieldErrors({ f: message }, QUEUE_MESSAGES).f!;

/** Which tab holds a field, so a refused save shows the tab with the error. */
export const tabOfField = (field: string): "data" | "hours" => (field.startsWith("schedules") ? "hours" : "data");

export type SaveQueueOutcome = { ok: true; queue: QueueAnswer } | { ok: false; errors: QueueErrors; error: unknown };

export async function saveQueue(
  api: ApiClient,
  form: QueueForm,
  existing: { id: number } | null,
  withHours: boolean,
): Promise<SaveQueueOutcome> {
  try {
    const body = queueRequest(form, withHours);
    const queue = existing
      ? await api.put<QueueAnswer>(`/queue/${existing.id}`, body)
      : await api.post<QueueAnswer>("/queue", body);
    return { ok: true, queue };
  } catch (error) {
    return { ok: false, errors: errorsOf(error), error };
  }
}

function errorsOf(error: unknown): QueueErrors {
  if (!(error instanceof ApiError) || !error.body) return {};
  if (error.body.error === "ERR_QUEUE_COLOR_ALREADY_EXISTS") return { color: errorText(error) };
  if (error.body.error === "ERR_QUEUE_NAME_ALREADY_EXISTS") return { name: errorText(error) };
  return serverFieldErrors(error.body.fields, QUEUE_MESSAGES);
}
