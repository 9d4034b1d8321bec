// The channel worker's timed jobs table (agenda's PostgreSQL backend, migration 0011): column for column the
// backend's own schema. Described here so the schema has one description; only agenda reads and writes it.
import { defineEntity, type InferEntity, p } from "@mikro-orm/core";

export const AgendaJob = defineEntity({
  name: "AgendaJob",
  tableName: "agenda_jobs",
  indexes: [
    {
      name: "agenda_jobs_find_and_lock_idx",
      properties: ["name", "nextRunAt", "priority", "lockedAt", "disabled"],
      columns: [
        { name: "name" },
        { name: "next_run_at" },
        { name: "priority", sort: "desc" },
        { name: "locked_at" },
        { name: "disabled" },
      ],
      where: "disabled = false",
    },
    { name: "agenda_jobs_locked_at_idx", properties: ["lockedAt"], where: "locked_at IS NOT NULL" },
    { name: "agenda_jobs_next_run_at_idx", properties: ["nextRunAt"], where: "next_run_at IS NOT NULL" },
  ],
  uniques: [{ name: "agenda_jobs_single_job_idx", properties: ["name"], where: "type = 'single'" }],
  triggers: [
    {
      name: "agenda_jobs_updated_at_trigger",
      timing: "before",
      events: ["update"],
      expression: `CREATE TRIGGER agenda_jobs_updated_at_trigger BEFORE UPDATE ON agenda_jobs
        FOR EACH ROW EXECUTE FUNCTION update_agenda_jobs_updated_at()`,
    },
  ],
  properties: {
    id: p.uuid().primary().defaultRaw("gen_random_uuid()"),
    name: p.string().length(255),
    priority: p.integer().default(0),
    nextRunAt: p.datetime().nullable(),
    type: p
      .enum(["normal", "single"] as const)
      .columnType("varchar(10)")
      .default("normal"),
    lockedAt: p.datetime().nullable(),
    lastFinishedAt: p.datetime().nullable(),
    failedAt: p.datetime().nullable(),
    failCount: p.integer().nullable(),
    failReason: p.text().nullable(),
    repeatTimezone: p.string().length(100).nullable(),
    lastRunAt: p.datetime().nullable(),
    repeatInterval: p.string().length(255).nullable(),
    data: p.json<Record<string, unknown>>().nullable().defaultRaw("'{}'::jsonb"),
    repeatAt: p.string().length(255).nullable(),
    disabled: p.boolean().nullable().default(false),
    progress: p.float().nullable(),
    fork: p.boolean().nullable().default(false),
    lastModifiedBy: p.string().length(255).nullable(),
    debounceStartedAt: p.datetime().nullable(),
    startDate: p.datetime().nullable(),
    endDate: p.datetime().nullable(),
    skipDays: p.json<unknown>().nullable(),
    createdAt: p.datetime().nullable().defaultRaw("now()"),
    updatedAt: p.datetime().nullable().defaultRaw("now()"),
  },
});
export type IAgendaJob = InferEntity<typeof AgendaJob>;
