// Use case of the channel worker's timed job "messages:fill-search-words" (decision 0124): the messages stored before
// migration 0124 get their stored words (search_vector), newest first, a bounded batch per transaction, so the
// search's walk back through the newest messages stops parsing their text again. New and edited messages get theirs
// from the migration's trigger; once every row has them, a run finds nothing through an empty partial index.
import type pg from "pg";

/** Messages one run fills at most (a few hundred milliseconds of PostgreSQL's time). */
export const FILL_SEARCH_WORDS_BATCH = 2000;

/** Runs inside the caller's transaction; answers how many messages it filled. */
export async function fillSearchWords(client: pg.ClientBase, opts: { batch?: number } = {}): Promise<number> {
  // Only search_vector is written: the trigger (on writes of body) does not run, and updated_at keeps its meaning.
  const { rowCount } = await client.query(
    `/* all-companies: the messages of every company stored before migration 0124 */
     UPDATE messages m SET search_vector = to_tsvector('portuguese_unaccent'::regconfig, m.body)
     FROM (SELECT company_id, id FROM messages WHERE search_vector IS NULL
           ORDER BY created_at DESC LIMIT $1 FOR UPDATE SKIP LOCKED) todo
     WHERE m.company_id = todo.company_id AND m.id = todo.id`,
    [opts.batch ?? FILL_SEARCH_WORDS_BATCH],
  );
  return rowCount ?? 0;
}
