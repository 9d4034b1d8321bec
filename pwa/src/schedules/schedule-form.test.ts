import { ZCreateScheduleRequestSchema } from "@chatflow/core/contract/schedules.ts";
import { describe, expect, it } from "vitest";
import { fromLocalInput, newScheduleForm, scheduleRequest, toLocalInput } from "./schedule-form.ts";

describe("schedule form", () => {
  it("starts one hour ahead with the spec's defaults: days, normal days, one send", () => {
    const now = new Date(2030, 0, 2, 10, 15, 42);
    const f = newScheduleForm(7, now);
    expect(f).toMatchObject({ contactId: 7, sendAt: "2030-01-02T11:15", intervalo: 1, tipoDias: 4 });
    expect(f.enviarQuantasVezes).toBe("1");
    const req = ZCreateScheduleRequestSchema.parse(scheduleRequest({ ...f, body: "Lembrete da consulta" }));
    expect(req).toMatchObject({ enviarQuantasVezes: 1, valorIntervalo: 0, openTicket: "disabled", contactId: 7 });
    expect(new Date(req.sendAt).getTime()).toBe(new Date(2030, 0, 2, 11, 15).getTime());
  });

  it("gives the spec's messages for a short body, and a missing contact or date", () => {
    const f = { ...newScheduleForm(null), body: "oi", sendAt: "" };
    const result = ZCreateScheduleRequestSchema.safeParse(scheduleRequest(f));
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(result.error!.issues.map((i) => [i.path.join("."), i.message]));
    expect(messages).toMatchObject({ body: "Mensagem muito curta", contactId: "Obrigatório", sendAt: "Obrigatório" });
  });

  it("round-trips a local date-time through ISO", () => {
    const d = new Date(2030, 5, 9, 8, 5);
    expect(toLocalInput(new Date(fromLocalInput(toLocalInput(d))))).toBe("2030-06-09T08:05");
    expect(fromLocalInput("")).toBe("");
  });

  it("drops the ticket's user and queue when no ticket is opened", () => {
    const f = { ...newScheduleForm(1), body: "Mensagem longa", ticketUserId: 3, queueId: 4 };
    expect(scheduleRequest(f)).toMatchObject({ ticketUserId: null, queueId: null, openTicket: "disabled" });
    expect(scheduleRequest({ ...f, openTicket: true })).toMatchObject({ ticketUserId: 3, queueId: 4 });
  });
});
