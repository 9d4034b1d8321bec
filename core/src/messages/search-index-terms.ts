// Which words of a search the full-text index is asked for (decision 0124). Each word is a prefix (`bolet:*`), and
// GIN reads every message holding a prefix's words into a bitmap before it intersects them, so a common word makes
// the index read hundreds of thousands of entries for a handful of matches. The index is asked for the rarer words
// only; the messages it finds are tested against the whole search on their stored words, so the answer is the same.
import type pg from "pg";

/** How many of the newest messages tell how common each word is (the first walk has just read them). */
export const TERM_SAMPLE = 2_000;
/**
 * What a message the index finds costs beside a posting the index reads (a heap row and its test against a bitmap
 * entry), roughly, measured on the search bench.
 */
const ROW_COST = 30;

/**
 * The words to ask the index for: sorted rarest first, the prefix of them that costs least, counting each word's
 * postings and the rows the words chosen so far leave to test. `frequencies` are shares of the messages (0..1).
 */
export function cheapestTerms(terms: { word: string; frequency: number }[]): string[] {
  const sorted = [...terms].sort((a, b) => a.frequency - b.frequency);
  let best = { cost: Number.POSITIVE_INFINITY, count: 0 };
  let postings = 0;
  let rows = 1;
  sorted.forEach((t, i) => {
    postings += t.frequency;
    rows *= t.frequency;
    const cost = postings + ROW_COST * rows;
    if (cost < best.cost) best = { cost, count: i + 1 };
  });
  return sorted.slice(0, best.count).map((t) => t.word);
}

/**
 * The index's query for `words` (each already a to_tsquery prefix term, `w:*`) of the company's search: all of them
 * when there is one, else the cheapest by how often each appears among the company's newest TERM_SAMPLE messages.
 */
export async function indexQuery(client: pg.ClientBase, companyId: number, words: string[]): Promise<string> {
  if (words.length < 2) return words.join(" & ");
  const { rows } = await client.query<{ word: string; nodes: number; n: number; sample: number }>(
    `WITH sample AS MATERIALIZED (
       SELECT coalesce(search_vector, to_tsvector('portuguese_unaccent'::regconfig, body)) AS v
       FROM messages WHERE company_id = $1::int ORDER BY created_at DESC LIMIT ${TERM_SAMPLE}
     )
     SELECT w.word, numnode(w.q) AS nodes, (SELECT count(*) FROM sample s WHERE s.v @@ w.q)::int AS n,
       (SELECT count(*) FROM sample)::int AS sample
     FROM (SELECT u.word, to_tsquery('portuguese_unaccent', u.word) AS q FROM unnest($2::text[]) u(word)) w`,
    [companyId, words],
  );
  // A stop word (an empty query) is in no index entry and drops out of the search's query too.
  const terms = rows
    .filter((r) => r.nodes > 0)
    .map((r) => ({ word: r.word, frequency: (r.n + 0.5) / Math.max(r.sample, 1) }));
  return terms.length === 0 ? words.join(" & ") : cheapestTerms(terms).join(" & ");
}
