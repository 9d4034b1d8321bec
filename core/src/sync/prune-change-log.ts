// Use case of the channel worker's timed job "sync:prune-change-log": keeps the sync change log from growing
// forever by expiring entries past the retention (docs/decisions/0002-sync-protocol.md, "Pruning").
import type pg from "pg";

/** A client offline longer than this gets a whole new replica on its next pull. */
export const CHANGE_LOG_RETENTION_DAYS = 30;
/** Log entries one run deletes at most, over all companies. */
export const PRUNE_MAX_ROWS = 10_000;

export type PruneOptions = {
  retentionDays?: number;
  maxRows?: number;
  /** Defaults to the database's clock, the one change_log.created_at was written with. */
  now?: Date;
};

/**
 * Runs inside the caller's transaction; answers how many entries it deleted. Expired entries are deleted as a
 * prefix of the company's seq and pruned_seq is raised over them, so a pull behind it answers a reset (the pull
 * reads pruned_seq and the log in one snapshot).
 */
export async function pruneChangeLog(client: pg.ClientBase, opts: PruneOptions = {}): Promise<number> {
  const retentionDays = opts.retentionDays ?? CHANGE_LOG_RETENTION_DAYS;
  let budget = opts.maxRows ?? PRUNE_MAX_ROWS;
  const { rows: cutoffRows } = await client.query<{ cutoff: Date }>(
    "SELECT COALESCE($1::timestamptz, now()) - make_interval(days => $2) AS cutoff",
    [opts.now ?? null, retentionDays],
  );
  const cutoff = cutoffRows[0]!.cutoff;
  // Companies whose oldest entry has expired: one primary-key probe each. Smallest log first, so that after a
  // quiet spell (or the first deploy) every small company is done while the large ones share what is left.
  const { rows: candidates } = await client.query<{ company_id: number }>(
    `SELECT s.company_id
     FROM company_sync s
     JOIN LATERAL (SELECT created_at FROM change_log l WHERE l.company_id = s.company_id ORDER BY seq LIMIT 1)
       head ON true
     WHERE head.created_at < $1
     ORDER BY s.last_seq - s.pruned_seq, s.company_id`,
    [cutoff],
  );

  let deleted = 0;
  const raised: { companyId: number; prunedSeq: number }[] = [];
  for (const c of candidates) {
    if (budget <= 0) break;
    const expired = await expire(client, c.company_id, cutoff, budget);
    budget -= expired.deleted;
    deleted += expired.deleted;
    if (expired.upto !== null) raised.push({ companyId: c.company_id, prunedSeq: expired.upto });
  }
  // Last, and in company id order as recordChanges takes them: a writer of the company waits on this row lock
  // only from here to commit, and the two never deadlock.
  raised.sort((a, b) => a.companyId - b.companyId);
  for (const r of raised) {
    await client.query("UPDATE company_sync SET pruned_seq = GREATEST(pruned_seq, $2) WHERE company_id = $1", [
      r.companyId,
      r.prunedSeq,
    ]);
  }
  return deleted;
}

/**
 * Deletes the company's oldest entries up to the first one still within the retention, at most `limit`. A prefix,
 * not every old entry: created_at is a transaction's start, so it is only nearly in seq order, and an entry left
 * below pruned_seq would never be read or deleted.
 */
async function expire(
  client: pg.ClientBase,
  companyId: number,
  cutoff: Date,
  limit: number,
): Promise<{ deleted: number; upto: number | null }> {
  const { rows } = await client.query<{ deleted: number; upto: number | null }>(
    `WITH head AS (
       SELECT seq, created_at FROM change_log WHERE company_id = $1 ORDER BY seq LIMIT $3
     ), young AS (
       SELECT min(seq) AS seq FROM head WHERE created_at >= $2
     ), upto AS (
       SELECT max(h.seq) AS seq FROM head h CROSS JOIN young WHERE young.seq IS NULL OR h.seq < young.seq
     ), gone AS (
       DELETE FROM change_log WHERE company_id = $1 AND seq <= (SELECT seq FROM upto) RETURNING seq
     )
     SELECT count(*)::int AS deleted, max(seq) AS upto FROM gone`,
    [companyId, cutoff, limit],
  );
  return rows[0]!;
}
