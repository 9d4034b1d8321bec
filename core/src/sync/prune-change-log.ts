// Use case of the channel worker's timed job "sync:prune-change-log": keeps the sync change log from growing
// forever, by expiring entries past the retention and compacting entries a later one for the same row supersedes.
import type pg from "pg";

/** A client offline longer than this gets a whole new replica on its next pull. */
export const CHANGE_LOG_RETENTION_DAYS = 30;
/** Log entries one run deletes (expiry) or reads (compaction) at most, over all companies. */
export const PRUNE_MAX_ROWS = 10_000;

export type PruneOptions = {
  retentionDays?: number;
  maxRows?: number;
  /** Defaults to the database's clock, the one change_log.created_at was written with. */
  now?: Date;
};

type Candidate = { company_id: number; last_seq: number; compacted_seq: number; expired: boolean };

/**
 * Runs inside the caller's transaction; answers how many entries it deleted. Expired entries are deleted as a
 * prefix of the company's seq and pruned_seq is raised over them, so a pull behind it answers a reset. Superseded
 * entries are deleted at any age without raising pruned_seq: the pull loads each changed row as it is now, so
 * only the latest entry per row tells it anything.
 */
export async function pruneChangeLog(client: pg.ClientBase, opts: PruneOptions = {}): Promise<number> {
  const retentionDays = opts.retentionDays ?? CHANGE_LOG_RETENTION_DAYS;
  let budget = opts.maxRows ?? PRUNE_MAX_ROWS;
  const { rows: cutoffRows } = await client.query<{ cutoff: Date }>(
    "SELECT COALESCE($1::timestamptz, now()) - make_interval(days => $2) AS cutoff",
    [opts.now ?? null, retentionDays],
  );
  const cutoff = cutoffRows[0]!.cutoff;
  // Companies with new entries to compact, or whose oldest entry has expired: one primary-key probe each.
  // Smallest backlog first: the runs after a quiet spell, or after this job is first deployed, see every
  // small company done while the large ones share what is left, instead of one large company taking each run.
  const { rows: candidates } = await client.query<Candidate>(
    `SELECT s.company_id, s.last_seq, s.compacted_seq, COALESCE(head.created_at < $1, false) AS expired
     FROM company_sync s
     LEFT JOIN LATERAL (SELECT created_at FROM change_log l WHERE l.company_id = s.company_id ORDER BY seq LIMIT 1)
       head ON true
     WHERE s.last_seq > s.compacted_seq OR head.created_at < $1
     ORDER BY s.last_seq - s.compacted_seq, s.company_id`,
    [cutoff],
  );

  let deleted = 0;
  const raised: { companyId: number; prunedSeq: number; compactedSeq: number }[] = [];
  for (const c of candidates) {
    if (budget <= 0) break;
    let prunedSeq = 0;
    let compactedSeq = c.compacted_seq;
    if (c.expired) {
      const expired = await expire(client, c.company_id, cutoff, budget);
      budget -= expired.deleted;
      deleted += expired.deleted;
      prunedSeq = expired.upto ?? 0;
    }
    if (budget > 0 && c.last_seq > c.compacted_seq) {
      const compacted = await compact(client, c, budget);
      budget -= compacted.read;
      deleted += compacted.deleted;
      compactedSeq = compacted.upto;
    }
    raised.push({ companyId: c.company_id, prunedSeq, compactedSeq });
  }
  // Last, and in company id order as recordChanges takes them: a writer of the company waits on this row lock
  // only from here to commit, and the two never deadlock.
  raised.sort((a, b) => a.companyId - b.companyId);
  for (const r of raised) {
    await client.query(
      `UPDATE company_sync SET pruned_seq = GREATEST(pruned_seq, $2), compacted_seq = GREATEST(compacted_seq, $3)
       WHERE company_id = $1`,
      [r.companyId, r.prunedSeq, r.compactedSeq],
    );
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

/**
 * Reads the company's entries after compacted_seq in seq order, at most `limit`, and deletes every earlier entry
 * of the rows they name. Every entry is read once, and on reading it the entries it supersedes go, so each row
 * keeps at most one entry up to compacted_seq: the deletes never outnumber the entries read. Only each row's latest
 * entry in the batch probes the (company_id, entity, entity_id, seq) index, so a row named thousands of times in
 * one batch costs one probe.
 */
async function compact(
  client: pg.ClientBase,
  c: Candidate,
  limit: number,
): Promise<{ read: number; deleted: number; upto: number }> {
  const { rows } = await client.query<{ read: number; deleted: number; upto: number | null }>(
    `WITH batch AS (
       SELECT seq, entity, entity_id FROM change_log WHERE company_id = $1 AND seq > $2 ORDER BY seq LIMIT $3
     ), latest AS (
       SELECT entity, entity_id, max(seq) AS seq FROM batch GROUP BY entity, entity_id
     ), gone AS (
       DELETE FROM change_log l USING latest b
       WHERE l.company_id = $1 AND l.entity = b.entity AND l.entity_id = b.entity_id AND l.seq < b.seq
       RETURNING l.seq
     )
     SELECT (SELECT count(*)::int FROM batch) AS read, (SELECT count(*)::int FROM gone) AS deleted,
       (SELECT max(seq) FROM batch) AS upto`,
    [c.company_id, c.compacted_seq, limit],
  );
  const r = rows[0]!;
  // A batch short of the limit read every committed entry, and those up to last_seq had committed when the
  // candidates were read: the log is compacted up to last_seq even where expiry has left no entry to read.
  const upto = r.read < limit ? Math.max(r.upto ?? 0, c.last_seq) : r.upto!;
  return { read: r.read, deleted: r.deleted, upto };
}
