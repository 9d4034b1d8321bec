// The tag lists behind GET /tags, /tags/list and the ticket's tags after a change (spec 2 §7 Tags), each
// scoped to the caller's company. Lists stay set-based SQL (the pickers read them often); one tag is find-tag.ts.
import type pg from "pg";
import { TAG_COLUMNS } from "../contacts/tag-queries.ts";
import type { TagDTO } from "../contract/contacts.ts";
import { likePattern } from "../kernel/like-pattern.ts";

export const TAGS_PAGE_SIZE = 20;

/** kanban 1 only lanes, 0 only plain tags, undefined both. */
export type TagKind = { kanban?: number };

export type TagsPage = {
  tags: (TagDTO & { contactsCount: number; ticketsCount: number })[];
  count: number;
  hasMore: boolean;
};

/** Every tag of the company (the pickers), by name; lanes (kanban 1) in their board order, then by name. */
export async function listTags(pool: pg.Pool, companyId: number, { kanban }: TagKind): Promise<TagDTO[]> {
  const { rows } = await pool.query<TagDTO>(
    `SELECT ${TAG_COLUMNS} FROM tags tg WHERE tg.company_id = $1 AND ($2::int IS NULL OR tg.kanban = $2)
     ORDER BY CASE WHEN $2::int = 1 THEN tg.lane_position END NULLS LAST, lower(tg.name), tg.id`,
    [companyId, kanban ?? null],
  );
  return rows;
}

/** The tags screen: a page of the company's tags matching the search, with how many contacts and tickets hold each. */
export async function listTagsPage(
  pool: pg.Pool,
  companyId: number,
  q: TagKind & { searchParam?: string; pageNumber: number; tagId?: number },
): Promise<TagsPage> {
  const params = [companyId, q.searchParam ? likePattern(q.searchParam) : null, q.kanban ?? null, q.tagId ?? null];
  const filter = `tg.company_id = $1 AND ($2::text IS NULL OR lower(tg.name) LIKE $2) AND ($3::int IS NULL OR tg.kanban = $3)
    AND ($4::int IS NULL OR tg.id = $4)`;
  const count = await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM tags tg WHERE ${filter}`, params);
  const offset = (q.pageNumber - 1) * TAGS_PAGE_SIZE;
  const { rows } = await pool.query<TagsPage["tags"][number]>(
    `SELECT ${TAG_COLUMNS},
       (SELECT count(*)::int FROM contact_tags ct WHERE ct.tag_id = tg.id AND ct.company_id = tg.company_id) AS "contactsCount",
       (SELECT count(*)::int FROM ticket_tags tt WHERE tt.tag_id = tg.id AND tt.company_id = tg.company_id) AS "ticketsCount"
     FROM tags tg WHERE ${filter}
     ORDER BY CASE WHEN $3::int = 1 THEN tg.lane_position END NULLS LAST, lower(tg.name), tg.id LIMIT $5 OFFSET $6`,
    [...params, TAGS_PAGE_SIZE, offset],
  );
  const total = count.rows[0]?.n ?? 0;
  return { tags: rows, count: total, hasMore: offset + rows.length < total };
}

/** The ticket's tags, by name. */
export async function listTicketTags(pool: pg.Pool, companyId: number, ticketId: number): Promise<TagDTO[]> {
  const { rows } = await pool.query<TagDTO>(
    `SELECT ${TAG_COLUMNS} FROM ticket_tags tt JOIN tags tg ON tg.id = tt.tag_id AND tg.company_id = tt.company_id
     WHERE tt.ticket_id = $1 AND tt.company_id = $2
     ORDER BY lower(tg.name), tg.id`,
    [ticketId, companyId],
  );
  return rows;
}
