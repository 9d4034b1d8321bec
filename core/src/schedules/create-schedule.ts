// Use case: a message is scheduled for a contact (POST /schedules), from a ticket's message input or the contact
// drawer. Runs on the company EntityManager (decision 0028); the change log announces it to the company's
// replicas (spec 2 §4 live updates).
import type pg from "pg";
import type { Actor } from "../auth/authenticate.ts";
import type { ScheduleDTO, TCreateScheduleRequest } from "../contract/schedules.ts";
import { companyEm } from "../db/company-em.ts";
import { Schedule } from "../db/entities/schedules.ts";
import { recordChanges } from "../kernel/change-log.ts";
import { loadSchedule } from "./schedule-queries.ts";
import { assertScheduleReferences } from "./schedule-references.ts";

export async function createSchedule(
  client: pg.ClientBase,
  actor: Actor,
  input: TCreateScheduleRequest,
): Promise<ScheduleDTO> {
  await assertScheduleReferences(client, actor.companyId, input);
  const em = companyEm(client, actor.companyId);
  const sendAt = new Date(input.sendAt);
  const schedule = em.create(Schedule, {
    companyId: actor.companyId,
    body: input.body,
    contactId: input.contactId,
    sendAt,
    anchorAt: sendAt,
    status: "PENDENTE",
    assinar: input.assinar,
    openTicket: input.openTicket,
    ticketUserId: input.ticketUserId,
    queueId: input.queueId,
    statusTicket: input.statusTicket,
    intervalo: input.intervalo,
    valorIntervalo: input.valorIntervalo,
    enviarQuantasVezes: input.enviarQuantasVezes,
    tipoDias: input.tipoDias,
    whatsappId: input.whatsappId,
    userId: actor.id,
  });
  await em.flush();
  await recordChanges(client, [{ companyId: actor.companyId, entity: "schedules", id: schedule.id }]);
  return loadSchedule(client, actor.companyId, schedule.id);
}
