// Use case: find message text in the conversations the caller may see (issue 21, decision 0089). Full text in
// Portuguese over messages_search_body (each word of the search matched as a word's start), scoped to the company
// and, for users, to the tickets the list would show them (visibility.ts, and never other users' work in progress:
// a user's search never shows all, spec 1 §6). Bounded: at least 3 characters, at most 50 matches, and a time limit.
import type pg from "pg";
import type { Actor } from "../auth/authenticate.ts";
import type { MessageSearchHit, SearchMessagesResponse, TSearchMessagesQuery } from "../contract/search.ts";
import { invalidInput } from "../kernel/errors.ts";
import { transaction } from "../kernel/transaction.ts";
import { SHARED_STATUSES, visibleTicketSql } from "../tickets/visibility.ts";

/** A search that takes longer finds too much to be read: it is stopped and says so. */
export const SEARCH_TIMEOUT_MS = 3_000;
/** Words of the search used; more narrow nothing a person would type. */
const MAX_WORDS = 8;

/** The full-text query: each word (letters and digits only, so nothing of to_tsquery's syntax) as a prefix, all required. */
export function searchQuery(text: string): string | null {
  const words =
    text
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu)
      ?.slice(0, MAX_WORDS) ?? [];
  return words.length === 0 ? null : words.map((w) => `${w}:*`).join(" & ");
}

export async function searchMessages(
  pool: pg.Pool,
  actor: Actor,
  q: TSearchMessagesQuery,
): Promise<SearchMessagesResponse> {
  const query = searchQuery(q.searchParam);
  if (!query) throw invalidInput("searchParam has no letters or digits", "searchParam");
  const params: unknown[] = [actor.companyId, query, q.limit + 1];
  const visible = visibleTicketSql(actor, params, "t");
  let ownWork = "";
  if (actor.profile !== "admin") {
    params.push(actor.id);
    const shared = SHARED_STATUSES.map((s) => `'${s}'`).join(", ");
    ownWork = ` AND (t.user_id IS NULL OR t.user_id = $${params.length}::int OR t.status IN (${shared}))`;
  }
  try {
    return await transaction(pool, async (client) => {
      await client.query(`SET LOCAL statement_timeout = ${SEARCH_TIMEOUT_MS}`);
      const { rows } = await client.query<MessageSearchHit & { createdAt: Date }>(
        `SELECT m.id, m.ticket_id AS "ticketId", t.uuid AS "ticketUuid", t.status AS "ticketStatus",
           left(m.body, 500) AS body, m.from_me AS "fromMe", m.is_private AS "isPrivate", m.created_at AS "createdAt",
           json_build_object('id', c.id, 'name', c.name, 'urlPicture', c.url_picture) AS contact
         FROM messages m
         JOIN tickets t ON t.id = m.ticket_id AND t.company_id = m.company_id
         JOIN contacts c ON c.id = t.contact_id AND c.company_id = t.company_id
         WHERE m.company_id = $1::int AND to_tsvector('portuguese', m.body) @@ to_tsquery('portuguese', $2::text)
           AND NOT m.is_deleted AND m.media_type <> 'reactionMessage' AND ${visible}${ownWork}
         ORDER BY m.created_at DESC, m.id DESC
         LIMIT $3::int`,
        params,
      );
      const hasMore = rows.length > q.limit;
      const messages = rows.slice(0, q.limit).map((r) => ({ ...r, createdAt: new Date(r.createdAt).toISOString() }));
      return { messages, hasMore, timedOut: false };
    });
  } catch (err) {
    // query_canceled: the statement_timeout above.
    if ((err as { code?: string }).code === "57014") return { messages: [], hasMore: false, timedOut: true };
    throw err;
  }
}
