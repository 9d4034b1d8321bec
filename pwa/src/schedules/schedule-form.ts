// The schedule dialog's state and its request (spec 1 §9 "Schedule defaults": sendAt one hour ahead, interval
// unit days, normal sending on non-working days, one send). Dates travel as ISO strings; the form edits them as
// the local "YYYY-MM-DDTHH:mm" a datetime-local field takes.
import type { ScheduleDTO, TCreateScheduleRequest } from "@chatflow/core/contract/schedules.ts";

export type ScheduleForm = {
  contactId: number | null;
  body: string;
  /** Local date-time, "YYYY-MM-DDTHH:mm". */
  sendAt: string;
  assinar: boolean;
  openTicket: boolean;
  statusTicket: "open" | "closed";
  ticketUserId: number | null;
  queueId: number | null;
  intervalo: number;
  valorIntervalo: string;
  enviarQuantasVezes: string;
  tipoDias: number;
};

const pad = (n: number) => String(n).padStart(2, "0");

/** A Date as the local "YYYY-MM-DDTHH:mm" of a datetime-local field. */
export function toLocalInput(d: Date): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The local field's value as an ISO instant; "" (cleared) stays "" for the 'Obrigatório' rule. */
export function fromLocalInput(value: string): string {
  if (!value) return "";
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? "" : d.toISOString();
}

/** A new schedule: the spec's defaults, one hour ahead (to the minute). */
export function newScheduleForm(contactId: number | null, now = new Date()): ScheduleForm {
  const at = new Date(now.getTime() + 3_600_000);
  at.setSeconds(0, 0);
  return {
    contactId,
    body: "",
    sendAt: toLocalInput(at),
    assinar: false,
    openTicket: false,
    statusTicket: "closed",
    ticketUserId: null,
    queueId: null,
    intervalo: 1,
    valorIntervalo: "0",
    enviarQuantasVezes: "1",
    tipoDias: 4,
  };
}

/** The form of a stored schedule. */
export function scheduleFormOf(s: ScheduleDTO): ScheduleForm {
  return {
    contactId: s.contactId,
    body: s.body,
    sendAt: toLocalInput(new Date(s.sendAt)),
    assinar: s.assinar,
    openTicket: s.openTicket === "enabled",
    statusTicket: s.statusTicket,
    ticketUserId: s.ticketUserId,
    queueId: s.queueId,
    intervalo: s.intervalo,
    valorIntervalo: String(s.valorIntervalo),
    enviarQuantasVezes: String(s.enviarQuantasVezes),
    tipoDias: s.tipoDias,
  };
}

/** What POST /schedules takes (PUT takes the same fields); missing ones stay undefined for the contract's rules. */
export function scheduleRequest(f: ScheduleForm): Record<keyof TCreateScheduleRequest, unknown> {
  return {
    contactId: f.contactId ?? undefined,
    body: f.body,
    sendAt: fromLocalInput(f.sendAt) || undefined,
    assinar: f.assinar,
    openTicket: f.openTicket ? "enabled" : "disabled",
    statusTicket: f.statusTicket,
    ticketUserId: f.openTicket ? f.ticketUserId : null,
    queueId: f.openTicket ? f.queueId : null,
    intervalo: f.intervalo,
    valorIntervalo: f.valorIntervalo.trim() === "" ? 0 : f.valorIntervalo,
    enviarQuantasVezes: f.enviarQuantasVezes.trim() === "" ? 1 : f.enviarQuantasVezes,
    tipoDias: f.tipoDias,
    whatsappId: null,
  };
}
