// The contact_imports table: each spreadsheet upload's state, counts and error,
// always read and written with the company it belongs to.
import type pg from "pg";
import type { ErrorBody } from "../contract/errors.ts";
import { uniqueViolation } from "../db/unique-violation.ts";
import { importInProgress, importNotFound } from "../kernel/errors.ts";

export type ImportState = "queued" | "running" | "finished" | "failed";

/** What GET /contacts/upload/{id} answers. */
export type ContactImport = {
  id: number;
  state: ImportState;
  fileName: string;
  rowsRead: number;
  created: number;
  ignored: number;
  error: ErrorBody | null;
  createdAt: string;
  finishedAt: string | null;
};

const COLUMNS = `id, state, file_name AS "fileName", rows_read AS "rowsRead", created, ignored, error,
  created_at AS "createdAt", finished_at AS "finishedAt"`;

/** A queued import; 409 ERR_IMPORT_IN_PROGRESS while the company has one queued or running. */
export async function createImport(
  pool: pg.Pool,
  companyId: number,
  userId: number,
  fileName: string,
  /** The contact list the import fills (decision 0076); none for the company's contacts. */
  contactListId: number | null = null,
): Promise<ContactImport> {
  try {
    const { rows } = await pool.query<ContactImport>(
      `INSERT INTO contact_imports (company_id, user_id, file_name, contact_list_id) VALUES ($1, $2, $3, $4)
       RETURNING ${COLUMNS}`,
      [companyId, userId, fileName, contactListId],
    );
    return rows[0]!;
  } catch (err) {
    if (uniqueViolation(err) !== "contact_imports_one_active") throw err;
    const { rows } = await pool.query<{ id: number }>(
      "SELECT id FROM contact_imports WHERE company_id = $1 AND state IN ('queued', 'running')",
      [companyId],
    );
    throw importInProgress(rows[0]?.id ?? 0);
  }
}

/** The company's import; 404 ERR_NO_IMPORT_FOUND for another company's or an unknown id. */
export async function findImport(pool: pg.Pool, companyId: number, id: number): Promise<ContactImport> {
  const { rows } = await pool.query<ContactImport>(
    `SELECT ${COLUMNS} FROM contact_imports WHERE company_id = $1 AND id = $2`,
    [companyId, id],
  );
  if (!rows[0]) throw importNotFound();
  return rows[0];
}

export async function markRunning(pool: pg.Pool, companyId: number, id: number): Promise<void> {
  await pool.query(
    "UPDATE contact_imports SET state = 'running', heartbeat_at = now() WHERE company_id = $1 AND id = $2",
    [companyId, id],
  );
}

/** Rows read so far; also the heartbeat that tells a live import from an abandoned one. */
export async function recordProgress(pool: pg.Pool, companyId: number, id: number, rowsRead: number): Promise<void> {
  await pool.query(
    `UPDATE contact_imports SET rows_read = GREATEST(rows_read, $3), heartbeat_at = now()
     WHERE company_id = $1 AND id = $2 AND state = 'running'`,
    [companyId, id, rowsRead],
  );
}

/** Ends a running import with its counts, inside the transaction that created its contacts. */
export async function markFinished(
  client: pg.ClientBase,
  companyId: number,
  id: number,
  counts: { rowsRead: number; created: number; ignored: number },
): Promise<void> {
  await client.query(
    `UPDATE contact_imports SET state = 'finished', rows_read = $3, created = $4, ignored = $5,
       finished_at = now(), heartbeat_at = now()
     WHERE company_id = $1 AND id = $2`,
    [companyId, id, counts.rowsRead, counts.created, counts.ignored],
  );
}

export async function markFailed(
  pool: pg.Pool | pg.ClientBase,
  companyId: number,
  id: number,
  error: ErrorBody,
  rowsRead?: number,
): Promise<void> {
  await pool.query(
    `UPDATE contact_imports SET state = 'failed', error = $3, rows_read = COALESCE($4, rows_read),
       finished_at = now(), heartbeat_at = now()
     WHERE company_id = $1 AND id = $2 AND state IN ('queued', 'running')`,
    [companyId, id, JSON.stringify(error), rowsRead ?? null],
  );
}

/** What an import that no process runs any more ends with. */
export const INTERRUPTED: ErrorBody = {
  error: "ERR_INTERNAL",
  message: "The import was interrupted; upload the file again",
};

/**
 * Marks failed the imports whose heartbeat stopped (the core process running them ended): a restart never
 * leaves one "running", and the company may upload again. Answers how many it ended.
 */
export async function failStaleImports(pool: pg.Pool, staleMs: number): Promise<number> {
  const { rowCount } = await pool.query(
    `UPDATE contact_imports /* all-companies: any process fails the imports of a process that died */ SET state = 'failed', error = $1, finished_at = now()
     WHERE state IN ('queued', 'running') AND heartbeat_at < now() - make_interval(secs => $2::double precision / 1000)`,
    [JSON.stringify(INTERRUPTED), staleMs],
  );
  return rowCount ?? 0;
}
