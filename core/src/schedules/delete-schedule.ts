// Use case: a schedule is deleted (DELETE /schedules/{id}) on the company EntityManager (decision 0028). Answers
// its media file's URL, which the route removes once the deletion has committed.
import type pg from "pg";
import type { Actor } from "../auth/authenticate.ts";
import { companyEm } from "../db/company-em.ts";
import { Schedule } from "../db/entities/schedules.ts";
import { recordChanges } from "../kernel/change-log.ts";
import { scheduleNotFound } from "../kernel/errors.ts";

export async function deleteSchedule(client: pg.ClientBase, actor: Actor, id: number): Promise<string | null> {
  const em = companyEm(client, actor.companyId);
  const schedule = await em.findOne(Schedule, { id }, { fields: ["id", "mediaPath"] });
  if (!schedule) throw scheduleNotFound();
  await em.nativeDelete(Schedule, { id });
  await recordChanges(client, [{ companyId: actor.companyId, entity: "schedules", id }]);
  return schedule.mediaPath ?? null;
}
