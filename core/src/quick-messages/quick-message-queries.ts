// Reading quick messages from their projection (quick_messages), as GET /quick-messages and
// GET /quick-messages/{id} answer them: the company's general ones, the caller's own, and other users'
// personal ones they chose to show (visao, read-only). Everything else is as absent as another company's.
import type pg from "pg";
import type { Actor } from "../auth/authenticate.ts";
import {
  mayEditQuickMessage,
  QUICK_MESSAGES_PAGE_SIZE,
  type QuickMessageDTO,
  type QuickMessagesPage,
  type QuickMessageViewer,
} from "../contract/quick-messages.ts";
import { quickMessageNotFound } from "../kernel/errors.ts";
import { likePattern } from "../kernel/like-pattern.ts";

export const viewerOf = (actor: Actor): QuickMessageViewer => ({
  id: actor.id,
  admin: actor.profile === "admin" || actor.super,
});

/** A projected row with what the writes need besides the answer. */
export type QuickMessageRow = Omit<QuickMessageDTO, "editable" | "isMedia" | "updatedAt"> & {
  document: string;
  updatedAt: Date;
};

const COLUMNS = `q.id, q.item_id AS "itemId", q.document, q.shortcode, q.message, q.media_path AS "mediaPath",
  q.media_name AS "mediaName", q.geral, q.visao, q.user_id AS "userId", q.updated_at AS "updatedAt"`;

/** What the caller may see, in SQL ($1 company, $2 caller). */
const VISIBLE = "q.company_id = $1 AND (q.geral OR q.user_id = $2 OR q.visao)";

export const quickMessageAnswer = (viewer: QuickMessageViewer, r: QuickMessageRow): QuickMessageDTO => ({
  id: r.id,
  itemId: r.itemId,
  shortcode: r.shortcode,
  message: r.message,
  mediaPath: r.mediaPath,
  mediaName: r.mediaName,
  isMedia: r.mediaPath !== null,
  geral: r.geral,
  visao: r.visao,
  userId: r.userId,
  editable: mayEditQuickMessage(viewer, r),
  updatedAt: r.updatedAt.toISOString(),
});

/** One quick message the caller may see, or ERR_NOT_FOUND. */
export async function loadQuickMessageRow(
  db: pg.Pool | pg.ClientBase,
  actor: Actor,
  id: number,
): Promise<QuickMessageRow> {
  const { rows } = await db.query<QuickMessageRow>(
    `SELECT ${COLUMNS} FROM quick_messages q WHERE ${VISIBLE} AND q.id = $3`,
    [actor.companyId, actor.id, id],
  );
  if (!rows[0]) throw quickMessageNotFound();
  return rows[0];
}

/** The row a document's item was projected into (right after a write through the sync server). */
export async function loadQuickMessageItem(
  db: pg.Pool,
  actor: Actor,
  document: string,
  itemId: string,
): Promise<QuickMessageDTO> {
  const { rows } = await db.query<QuickMessageRow>(
    `SELECT ${COLUMNS} FROM quick_messages q WHERE q.company_id = $1 AND q.document = $2 AND q.item_id = $3`,
    [actor.companyId, document, itemId],
  );
  if (!rows[0]) throw quickMessageNotFound();
  return quickMessageAnswer(viewerOf(actor), rows[0]);
}

/** GET /quick-messages: a page of what the caller may see, matching the search, by shortcode. */
export async function listQuickMessagePage(
  pool: pg.Pool,
  actor: Actor,
  q: { searchParam?: string; pageNumber: number },
): Promise<QuickMessagesPage> {
  const params = [actor.companyId, actor.id, q.searchParam ? likePattern(q.searchParam) : null];
  const filter = `${VISIBLE} AND ($3::text IS NULL OR lower(q.shortcode) LIKE $3 OR lower(q.message) LIKE $3)`;
  const count = await pool.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM quick_messages q WHERE ${filter}`,
    params,
  );
  const offset = (q.pageNumber - 1) * QUICK_MESSAGES_PAGE_SIZE;
  const { rows } = await pool.query<QuickMessageRow>(
    `SELECT ${COLUMNS} FROM quick_messages q WHERE ${filter}
     ORDER BY lower(q.shortcode), q.geral DESC, q.id LIMIT $4 OFFSET $5`,
    [...params, QUICK_MESSAGES_PAGE_SIZE, offset],
  );
  const viewer = viewerOf(actor);
  const total = count.rows[0]?.n ?? 0;
  return {
    records: rows.map((r) => quickMessageAnswer(viewer, r)),
    count: total,
    hasMore: offset + rows.length < total,
  };
}
