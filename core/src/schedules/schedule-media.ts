// Use cases: a schedule's attachment is set (POST /schedules/{id}/media-upload) or removed (DELETE). The file
// lives in the company's media store like a message's (media/upload.ts); the schedule keeps its URL and the
// name it was sent with. Each answers the URL of the file it replaced, removed by the route after commit.

import { LockMode, raw } from "@mikro-orm/postgresql";
import type pg from "pg";
import type { Actor } from "../auth/authenticate.ts";
import type { ScheduleDTO } from "../contract/schedules.ts";
import { companyEm } from "../db/company-em.ts";
import { Schedule } from "../db/entities/schedules.ts";
import { recordChanges } from "../kernel/change-log.ts";
import { scheduleNotFound } from "../kernel/errors.ts";
import { loadSchedule } from "./schedule-queries.ts";

export async function setScheduleMedia(
  client: pg.ClientBase,
  actor: Actor,
  id: number,
  media: { path: string; name: string } | null,
): Promise<{ schedule: ScheduleDTO; replaced: string | null }> {
  const em = companyEm(client, actor.companyId);
  const current = await em.findOne(Schedule, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
  if (!current) throw scheduleNotFound();
  await em.nativeUpdate(
    Schedule,
    { id },
    { mediaPath: media?.path ?? null, mediaName: media?.name ?? null, updatedAt: raw("now()") },
  );
  await recordChanges(client, [{ companyId: actor.companyId, entity: "schedules", id }]);
  const replaced = current.mediaPath && current.mediaPath !== media?.path ? current.mediaPath : null;
  return { schedule: await loadSchedule(client, actor.companyId, id), replaced };
}
