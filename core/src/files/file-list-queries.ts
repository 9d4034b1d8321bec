// Reading file lists in their answer shape (spec 2 §3 File list). Lists stay set-based SQL (decision 0028);
// writes go through the company EntityManager.
import type pg from "pg";
import { FILE_LISTS_PAGE_SIZE, type FileListDTO, type FileListsPage } from "../contract/files.ts";
import { likePattern } from "../kernel/like-pattern.ts";
import { fileListNotFound } from "./file-list-policy.ts";

const COLUMNS = `f.id, f.name, f.message, f.user_id AS "userId", f.options,
  f.created_at AS "createdAt", f.updated_at AS "updatedAt"`;

type Row = Omit<FileListDTO, "createdAt" | "updatedAt"> & { createdAt: Date; updatedAt: Date };

const answer = (r: Row): FileListDTO => ({
  ...r,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

/** One file list of the company, or ERR_NOT_FOUND (another company's is as absent as a missing one). */
export async function loadFileList(db: pg.Pool | pg.ClientBase, companyId: number, id: number): Promise<FileListDTO> {
  const { rows } = await db.query<Row>(`SELECT ${COLUMNS} FROM file_lists f WHERE f.company_id = $1 AND f.id = $2`, [
    companyId,
    id,
  ]);
  if (!rows[0]) throw fileListNotFound();
  return answer(rows[0]);
}

/** GET /files: a page matching the search (name or message), by name. */
export async function listFileLists(
  pool: pg.Pool,
  companyId: number,
  q: { searchParam?: string; pageNumber: number },
): Promise<FileListsPage> {
  const params = [companyId, q.searchParam ? likePattern(q.searchParam) : null];
  const filter = "f.company_id = $1 AND ($2::text IS NULL OR lower(f.name) LIKE $2 OR lower(f.message) LIKE $2)";
  const count = await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM file_lists f WHERE ${filter}`, params);
  const offset = (q.pageNumber - 1) * FILE_LISTS_PAGE_SIZE;
  const { rows } = await pool.query<Row>(
    `SELECT ${COLUMNS} FROM file_lists f WHERE ${filter} ORDER BY lower(f.name), f.id LIMIT $3 OFFSET $4`,
    [...params, FILE_LISTS_PAGE_SIZE, offset],
  );
  const total = count.rows[0]?.n ?? 0;
  return { files: rows.map(answer), count: total, hasMore: offset + rows.length < total };
}
