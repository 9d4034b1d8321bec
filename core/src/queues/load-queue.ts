// Reads queues as the queue calls answer them, always within one company.
import type pg from "pg";
import type { QueueAnswer } from "../contract/queues.ts";
import { uniqueViolation } from "../db/unique-violation.ts";
import { queueColorAlreadyExists, queueNameAlreadyExists, queueNotFound } from "../kernel/errors.ts";

export const QUEUE_ANSWER_COLUMNS = `q.id, q.name, q.color, q.greeting_message AS "greetingMessage",
  q.out_of_hours_message AS "outOfHoursMessage", q.completion_message AS "completionMessage",
  q.order_queue AS "orderQueue", q.close_ticket AS "closeTicket", q.ativar_roteador AS "ativarRoteador",
  q.tempo_roteador AS "tempoRoteador", q.integration_id AS "integrationId", q.file_list_id AS "fileListId",
  q.schedules, q.company_id AS "companyId", q.created_at AS "createdAt", q.updated_at AS "updatedAt"`;

export async function listQueues(db: pg.Pool | pg.ClientBase, companyId: number): Promise<QueueAnswer[]> {
  const { rows } = await db.query<QueueAnswer>(
    `SELECT ${QUEUE_ANSWER_COLUMNS} FROM queues q WHERE q.company_id = $1
     ORDER BY q.order_queue ASC NULLS LAST, q.name, q.id`,
    [companyId],
  );
  return rows;
}

/** The company's queue, or 404 ERR_NO_QUEUE_FOUND (another company's id included). */
export async function loadQueue(db: pg.Pool | pg.ClientBase, companyId: number, id: number): Promise<QueueAnswer> {
  const { rows } = await db.query<QueueAnswer>(
    `SELECT ${QUEUE_ANSWER_COLUMNS} FROM queues q WHERE q.id = $1 AND q.company_id = $2`,
    [id, companyId],
  );
  if (!rows[0]) throw queueNotFound();
  return rows[0];
}

/** Checks that every id is a queue of the company (404 ERR_NO_QUEUE_FOUND otherwise); answers them deduplicated. */
export async function assertCompanyQueues(
  db: pg.Pool | pg.ClientBase,
  companyId: number,
  ids: readonly number[],
): Promise<number[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return unique;
  const { rows } = await db.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM queues WHERE company_id = $1 AND id = ANY($2::int[])",
    [companyId, unique],
  );
  if (rows[0]!.n !== unique.length) throw queueNotFound();
  return unique;
}

/** Turns a unique violation on queues into the spec's conflict codes; rethrows anything else. */
export function queueConflict(err: unknown): unknown {
  const constraint = uniqueViolation(err);
  if (constraint === "queues_company_id_color_key") {
    return queueColorAlreadyExists();
  }
  if (constraint === "queues_company_id_name_key") {
    return queueNameAlreadyExists();
  }
  return err;
}
