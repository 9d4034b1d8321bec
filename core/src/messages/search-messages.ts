// Use case: find message text in the conversations the caller may see (issue 21, decision 0089; issue 25, decisions
// 0115 and 0124). Full text through the `portuguese_unaccent` configuration (accents folded, Portuguese stems; each
// word of the search matched as a word's start): first among the newest messages by their stored words
// (search_vector), else through messages_search_text; scoped to the company and, for users, to the tickets the list
// would show them (visibility.ts, and never other users' work in progress: spec 1 §6). Newest first or best first, by
// cursor; the matched words come back as ranges over plain text (never markup). Bounded: 3 to 200 characters, 8
// words, 50 matches a page, and a time limit.
import type pg from "pg";
import type { Actor } from "../auth/authenticate.ts";
import {
  groupByTicket,
  type MessageSearchHit,
  type SearchMessagesResponse,
  type TSearchMessagesQuery,
} from "../contract/search.ts";
import { highlight, searchStems, searchTerms } from "../contract/search-text.ts";
import { invalidInput } from "../kernel/errors.ts";
import { transaction } from "../kernel/transaction.ts";
import { loadViewer } from "../presenters/viewer.ts";
import { SHARED_STATUSES, visibleTicketSql } from "../tickets/visibility.ts";
import { indexQuery } from "./search-index-terms.ts";

/** A search that takes longer finds too much to be read: it is stopped and says so. */
export const SEARCH_TIMEOUT_MS = 3_000;
/**
 * Best first ranks the newest this many matches: a common word would otherwise rank hundreds of thousands of
 * messages for one page.
 */
export const RANK_WINDOW = 1000;
/**
 * Both orders first look among the newest FIRST_WALK messages (after the cursor, newest first), testing each one's
 * stored words (search_vector, migration 0124): a common word's page, and its RANK_WINDOW newest matches, are among
 * them. Too few there: the matches found tell how common the words are, and when the rest should be within the newest
 * WALK_BACK messages the walk goes on as far as they say; otherwise (none found, or too rare for that) the full-text
 * index answers, which is quick when the words are rare.
 */
export const FIRST_WALK = 2_000;
export const WALK_BACK = 20_000;
/** Newest first through the full-text index reads this many matches after the cursor, a page among them. */
const RECENT_WINDOW = 100;
/** Memory for the index's bitmaps, per search (see where it is set). */
const SEARCH_WORK_MEM = "32MB";
/** The text search configuration of migration 0115 (the index's expression names it the same way). */
export const SEARCH_CONFIG = "portuguese_unaccent";

/** The full-text query's terms: each word (letters and digits only, so nothing of to_tsquery's syntax) as a prefix. */
const prefixTerms = (text: string) => searchTerms(text.toLowerCase()).map((w) => `${w}:*`);

/** The full-text query: each word as a prefix, all required. */
export function searchQuery(text: string): string | null {
  const words = prefixTerms(text);
  return words.length === 0 ? null : words.join(" & ");
}

type Cursor = { at: string; id: string; rank: number | null };

const encodeCursor = (c: Cursor) => Buffer.from(JSON.stringify([c.at, c.id, c.rank])).toString("base64url");

function decodeCursor(text: string): Cursor {
  try {
    const [at, id, rank] = JSON.parse(Buffer.from(text, "base64url").toString("utf8")) as unknown[];
    if (
      typeof at === "string" &&
      !Number.isNaN(Date.parse(at)) &&
      typeof id === "string" &&
      /^[0-9a-f-]{36}$/i.test(id) &&
      (rank === null || typeof rank === "number")
    )
      return { at, id, rank };
  } catch {}
  throw invalidInput("cursor is not one this search gave", "cursor");
}

type Row = Omit<MessageSearchHit, "fragment" | "highlights"> & { at: string; text: string; windowSize: number };

/** How far the search looks before it asks the full-text index (the tests set them small). */
export type SearchBounds = { firstWalk: number; walkBack: number; rankWindow: number };

export async function searchMessages(
  pool: pg.Pool,
  actor: Actor,
  q: TSearchMessagesQuery,
  bounds: SearchBounds = { firstWalk: FIRST_WALK, walkBack: WALK_BACK, rankWindow: RANK_WINDOW },
): Promise<SearchMessagesResponse> {
  const query = searchQuery(q.searchParam);
  const stems = searchStems(q.searchParam);
  if (!query || stems.length === 0) throw invalidInput("searchParam has no words to search for", "searchParam");
  const cursor = q.cursor === undefined ? null : decodeCursor(q.cursor);
  if (cursor && (cursor.rank === null) !== (q.order === "recent"))
    throw invalidInput("cursor is not one this search gave", "cursor");
  const viewer = await loadViewer(pool, actor);
  const params: unknown[] = [actor.companyId, query, q.limit + 1];
  const visible = visibleTicketSql(actor, params, "t");
  let ownWork = "";
  if (actor.profile !== "admin") {
    params.push(actor.id);
    const shared = SHARED_STATUSES.map((s) => `'${s}'`).join(", ");
    ownWork = ` AND (t.user_id IS NULL OR t.user_id = $${params.length}::int OR t.status IN (${shared}))`;
  }
  // LGPD (spec 1 §6): a contact card's text holds numbers; a user who reads numbers masked finds no card, so a search
  // by digits cannot tell a number the mask hides.
  const cards = viewer.hideNumbers ? " AND m.body !~* 'BEGIN:VCARD'" : "";
  let after = "";
  let older = "";
  if (cursor) {
    params.push(cursor.at, cursor.id);
    const at = `$${params.length - 1}::timestamptz`;
    const id = `$${params.length}::uuid`;
    // Newest first goes on from the cursor's place inside the window; best first ranks the same window again.
    if (cursor.rank === null) older = ` AND (m.created_at, m.id) < (${at}, ${id})`;
    else {
      params.push(cursor.rank);
      after = `WHERE (h.rank, h.created_at, h.id) < ($${params.length}::real, ${at}, ${id})`;
    }
  }
  const order = q.order === "rank" ? "h.rank DESC, h.created_at DESC, h.id DESC" : "h.created_at DESC, h.id DESC";
  try {
    return await transaction(pool, async (client) => {
      await client.query(`SET LOCAL statement_timeout = ${SEARCH_TIMEOUT_MS}`);
      // The index's bitmap of a common prefix word's messages stays exact: past work_mem it turns lossy, and
      // PostgreSQL then parses the text of every message on those pages again (62 s instead of 1.2 s for three
      // words at 5,000,000 messages, decision 0124).
      await client.query(`SET LOCAL work_mem = '${SEARCH_WORK_MEM}'`);
      // The message's words: stored by migration 0124's trigger, or made again for a row stored before it.
      const words = (m: string) =>
        `coalesce(${m}.search_vector, to_tsvector('${SEARCH_CONFIG}'::regconfig, ${m}.body))`;
      // `walk`: the newest this many messages, each tested by its stored words (no index of the words); null: the
      // full-text index, asked for the words of the last parameter (indexQuery), whose expression the test must be to
      // be used; what it finds is then tested against the whole search.
      const statement = (walk: number | null) =>
        `WITH query AS (SELECT to_tsquery('${SEARCH_CONFIG}', $2::text) AS q${
          walk === null ? `, to_tsquery('${SEARCH_CONFIG}', $${params.length + 1}::text) AS iq` : ""
        }),
         matches AS (
           SELECT m.id, m.ticket_id, m.body, m.search_vector, m.from_me, m.is_private, m.created_at
           FROM query, ${
             walk !== null
               ? `(SELECT * FROM messages m0 WHERE m0.company_id = $1::int${older.replaceAll("m.", "m0.")}
                  ORDER BY m0.created_at DESC, m0.id DESC LIMIT ${walk}) m`
               : "messages m"
           }
           JOIN tickets t ON t.id = m.ticket_id AND t.company_id = m.company_id
           WHERE m.company_id = $1::int AND ${
             walk !== null
               ? `${words("m")} @@ query.q`
               : `to_tsvector('${SEARCH_CONFIG}'::regconfig, m.body) @@ query.iq AND ${words("m")} @@ query.q`
           }
             AND NOT m.is_deleted AND m.media_type <> 'reactionMessage' AND ${visible}${ownWork}${cards}${older}
         ),
         -- The newest matches (after the cursor), planned on their own (MATERIALIZED: the page's LIMIT is not
         -- folded into it): for words found together rarely the planner then reads the full-text index, where a
         -- walk back through the newest messages for a page of 20 could read them all (bench/search.ts); a common
         -- word's newest matches are found at once either way.
         newest AS MATERIALIZED (
           SELECT * FROM matches ORDER BY created_at DESC, id DESC
           LIMIT ${q.order === "rank" ? bounds.rankWindow : walk !== null ? "$3::int" : RECENT_WINDOW}
         ),
         hits AS (${
           q.order === "rank"
             ? `SELECT w.*, ts_rank_cd(${words("w")}, query.q, 1) AS rank FROM query, newest w`
             : "SELECT w.*, NULL::real AS rank FROM newest w"
         }),
         page AS (SELECT h.* FROM hits h ${after} ORDER BY ${order} LIMIT $3::int)
         SELECT p.id, p.ticket_id AS "ticketId", t.uuid AS "ticketUuid", t.status AS "ticketStatus",
           left(p.body, 500) AS body, p.from_me AS "fromMe", p.is_private AS "isPrivate", p.created_at AS "createdAt",
           p.created_at::text AS at, COALESCE(p.rank, ts_rank_cd(${words("p")}, query.q, 1)) AS rank,
           left(p.body, 4000) AS text,
           json_build_object('id', c.id, 'name', c.name, 'urlPicture', c.url_picture) AS contact,
           (SELECT count(*) FROM newest)::int AS "windowSize"
         FROM page p
         CROSS JOIN query
         JOIN tickets t ON t.id = p.ticket_id AND t.company_id = $1::int
         JOIN contacts c ON c.id = t.contact_id AND c.company_id = t.company_id
         ORDER BY ${order.replaceAll("h.", "p.")}`;
      // Newest first needs a page of matches (and one more, for hasMore), best first its whole window.
      const need = q.order === "recent" ? q.limit + 1 : bounds.rankWindow;
      const run = async (walk: number | null) => {
        const values =
          walk === null ? [...params, await indexQuery(client, actor.companyId, prefixTerms(q.searchParam))] : params;
        const rows = (await client.query<Row>(statement(walk), values)).rows;
        return { rows, found: q.order === "recent" ? rows.length : (rows[0]?.windowSize ?? 0) };
      };
      const first = Math.min(bounds.firstWalk, bounds.walkBack);
      let answer = await run(first);
      // As common as the first walk says, the rest is expected within this many messages: walked as far (and a
      // quarter more), as the plan reads all of a walk before it sorts; if that falls short, WALK_BACK.
      const expected = answer.found > 0 ? Math.ceil(((need * first) / answer.found) * 1.25) : Number.POSITIVE_INFINITY;
      if (answer.found < need && expected <= bounds.walkBack) {
        answer = await run(Math.max(expected, first + 1));
        if (answer.found < need) answer = await run(bounds.walkBack);
      }
      if (answer.found < need) answer = await run(null);
      const rows = answer.rows;
      const hasMore = rows.length > q.limit;
      const page = rows.slice(0, q.limit);
      // The marks come from the same words and stems the offline search uses (search-text.ts), over plain text.
      const messages: MessageSearchHit[] = page.map(({ at: _at, text, windowSize: _w, ...r }) => ({
        ...r,
        ...highlight(text, stems),
        createdAt: new Date(r.createdAt).toISOString(),
      }));
      const last = page.at(-1);
      const nextCursor =
        hasMore && last
          ? encodeCursor({ at: last.at, id: last.id, rank: q.order === "rank" ? Number(last.rank) : null })
          : null;
      return { messages, groups: groupByTicket(messages), hasMore, nextCursor, timedOut: false };
    });
  } catch (err) {
    // query_canceled: the statement_timeout above.
    if ((err as { code?: string }).code === "57014")
      return { messages: [], groups: [], hasMore: false, nextCursor: null, timedOut: true };
    throw err;
  }
}
