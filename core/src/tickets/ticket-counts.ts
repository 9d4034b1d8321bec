// The `count` of GET /tickets, cheap at any size. Lists filtered only by
// status, queue, owner and visibility are summed from the counters that
// migration 0003's triggers maintain; any other filter (search, tags, unread,
// days, connections) is counted on the tickets, up to COUNT_CAP.
import type pg from "pg";
import { transaction } from "../kernel/transaction.ts";
import type { TicketListFilter } from "./ticket-list-filter.ts";

/** A count that needs the tickets themselves stops here: "10,000 or more". */
export const COUNT_CAP = 10_000;
/** Pending deltas a count may read before the company's deltas are folded into its counters. */
export const FOLD_THRESHOLD = 200;

/**
 * A query answering one row (n, deltas): the list's count, and how many pending
 * deltas it read. `$1` is the company; the filter's parameters go to `params`.
 */
export function countSql(filter: TicketListFilter, params: unknown[]): string {
  params.push(filter.statuses);
  const statuses = `$${params.length}::text[]`;
  const where = filter.clauses.map((c) => c.sql(params)).join(" AND ");
  if (filter.clauses.every((c) => c.counted)) {
    // Counters and deltas in one statement, so one snapshot: a fold commits its deletes and sums together.
    return `SELECT COALESCE(sum(t.n), 0)::int AS n, count(*) FILTER (WHERE t.delta)::int AS deltas
      FROM (SELECT status, queue_id, user_id, is_group, n, false AS delta FROM ticket_counts WHERE company_id = $1
            UNION ALL
            SELECT status, queue_id, user_id, is_group, n, true FROM ticket_count_deltas WHERE company_id = $1) t
      WHERE t.status = ANY(${statuses}) AND ${where}`;
  }
  params.push(COUNT_CAP);
  return `SELECT count(*)::int AS n, 0 AS deltas FROM (SELECT 1 FROM tickets t
      WHERE t.company_id = $1 AND t.status = ANY(${statuses}) AND ${where} LIMIT $${params.length}::int) capped`;
}

/** Called with what a count read: folds the company's deltas once they pile up. */
export function afterCount(pool: pg.Pool, companyId: number, deltasRead: number): void {
  if (deltasRead >= FOLD_THRESHOLD) void foldTicketCounts(pool, companyId).catch(() => {});
}

/** The companies whose fold runs in this process, by database (several cores of a test process share the module). */
const folding = new WeakMap<pg.Pool, Set<number>>();

/**
 * Moves a company's pending deltas into its counters. Safe to run anywhere at any
 * time: a delta is deleted and added in one transaction, and one fold per company
 * runs at a time (an advisory lock across instances).
 */
export async function foldTicketCounts(pool: pg.Pool, companyId: number): Promise<void> {
  let running = folding.get(pool);
  if (!running) {
    running = new Set();
    folding.set(pool, running);
  }
  if (running.has(companyId)) return;
  running.add(companyId);
  try {
    await transaction(pool, async (client) => {
      const lock = await client.query<{ ok: boolean }>("SELECT pg_try_advisory_xact_lock(8008, $1) AS ok", [companyId]);
      if (lock.rows[0]?.ok) {
        await client.query(
          `WITH d AS (DELETE FROM ticket_count_deltas WHERE company_id = $1 RETURNING *),
           s AS (SELECT company_id, status, queue_id, user_id, is_group, sum(n)::int AS n FROM d
                 GROUP BY company_id, status, queue_id, user_id, is_group)
         INSERT INTO ticket_counts AS c (company_id, status, queue_id, user_id, is_group, n)
         SELECT * FROM s ORDER BY status, queue_id, user_id, is_group
         ON CONFLICT ON CONSTRAINT ticket_counts_key DO UPDATE SET n = c.n + EXCLUDED.n`,
          [companyId],
        );
        await client.query("DELETE FROM ticket_counts WHERE company_id = $1 AND n = 0", [companyId]);
      }
    });
  } finally {
    running.delete(companyId);
  }
}
