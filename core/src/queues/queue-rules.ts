// The §5 queue rules that need the company's data (spec 2 §5, §8): a greeting
// when the company has more than one queue, an out-of-hours message when the
// company's scheduleType is queue. Checked on the values the queue will have.
import type pg from "pg";
import { QUEUE_GREETING_REQUIRED, QUEUE_OUT_OF_HOURS_REQUIRED } from "../contract/queues.ts";
import { invalidFields } from "../kernel/errors.ts";
import { getCompanySetting } from "../settings/company-settings.ts";

const blank = (s: string | null | undefined) => !s?.trim();

/**
 * `queueCount`: how many queues the company will have with this one.
 * Throws 400 ERR_VALIDATION with a field error per broken rule.
 */
export async function assertQueueRules(
  client: pg.ClientBase,
  companyId: number,
  queue: { greetingMessage: string | null; outOfHoursMessage: string | null },
  queueCount: number,
): Promise<void> {
  const fields: Record<string, string> = {};
  if (queueCount > 1 && blank(queue.greetingMessage)) fields.greetingMessage = QUEUE_GREETING_REQUIRED;
  if (blank(queue.outOfHoursMessage) && (await getCompanySetting(client, companyId, "scheduleType")) === "queue") {
    fields.outOfHoursMessage = QUEUE_OUT_OF_HOURS_REQUIRED;
  }
  if (Object.keys(fields).length > 0) throw invalidFields(fields);
}

/** The company's queue count; locks the company's queue list against a concurrent create (same rule, same time). */
export async function countQueues(client: pg.ClientBase, companyId: number): Promise<number> {
  await client.query("SELECT pg_advisory_xact_lock(hashtext('queues'), $1)", [companyId]);
  const { rows } = await client.query<{ n: number }>("SELECT count(*)::int AS n FROM queues WHERE company_id = $1", [
    companyId,
  ]);
  return rows[0]!.n;
}
