// The company's own service hours (spec 3 §3 Company schedules, §7 PUT /companies/{id}/schedules): the hours that
// decide when the company's scheduleType is company. Same entries as a queue's and a connection's.
import { z } from "zod";
import { type QueueSchedule, ZQueueSchedulesSchema } from "./queues.ts";

export const ZUpdateCompanySchedulesRequestSchema = z.object({
  /** One entry per weekday, monday to sunday, with windows A and B (HH:MM); an empty list means always open. */
  schedules: ZQueueSchedulesSchema,
});
export type TUpdateCompanySchedulesRequest = z.infer<typeof ZUpdateCompanySchedulesRequestSchema>;

/** The answer: the company and the hours it now has. */
export type CompanySchedulesDTO = { id: number; schedules: QueueSchedule[] };

/** GET /companies/{id}: the company as its admin (or the super user) reads it; the settings page's hours come from it. */
export type CompanyAnswer = {
  id: number;
  name: string;
  email: string | null;
  phone: string | null;
  /** The active flag (spec 3 §3 Company.status). */
  status: boolean;
  /** ISO date (yyyy-mm-dd). */
  dueDate: string | null;
  recurrence: string | null;
  planId: number | null;
  schedules: QueueSchedule[];
};
