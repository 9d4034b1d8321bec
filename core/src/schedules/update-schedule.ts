// Use case: a schedule is edited (PUT /schedules/{id}), on the company EntityManager (decision 0028). A new
// sendAt starts the schedule again: pending, no sends counted, its repeats counted from the new time; so a
// failed (ERRO) or finished schedule is sent again by giving it a time.
import { LockMode, raw } from "@mikro-orm/postgresql";
import type pg from "pg";
import type { Actor } from "../auth/authenticate.ts";
import type { ScheduleDTO, TUpdateScheduleRequest } from "../contract/schedules.ts";
import { companyEm } from "../db/company-em.ts";
import { Schedule } from "../db/entities/schedules.ts";
import { recordChanges } from "../kernel/change-log.ts";
import { scheduleNotFound } from "../kernel/errors.ts";
import { loadSchedule } from "./schedule-queries.ts";
import { assertScheduleReferences } from "./schedule-references.ts";

export async function updateSchedule(
  client: pg.ClientBase,
  actor: Actor,
  id: number,
  input: TUpdateScheduleRequest,
): Promise<ScheduleDTO> {
  const em = companyEm(client, actor.companyId);
  const current = await em.findOne(Schedule, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
  if (!current) throw scheduleNotFound();
  await assertScheduleReferences(client, actor.companyId, input);
  const { sendAt, ...rest } = input;
  const restart =
    sendAt !== undefined
      ? { sendAt: new Date(sendAt), anchorAt: new Date(sendAt), sentCount: 0, status: "PENDENTE", lastError: null }
      : {};
  await em.nativeUpdate(Schedule, { id }, { ...rest, ...restart, updatedAt: raw("now()") });
  await recordChanges(client, [{ companyId: actor.companyId, entity: "schedules", id }]);
  return loadSchedule(client, actor.companyId, id);
}
