// GET /audit and GET /audit/export (decision 0108): the entries an admin may read, newest first, filtered by
// user, kind and days; the super user's span every company unless one is named.
import type pg from "pg";
import type { Actor } from "../auth/authenticate.ts";
import { AUDIT_PAGE_SIZE, type AuditEntryAnswer, type AuditListAnswer, type TAuditQuery } from "../contract/audit.ts";
import { BUSINESS_TIME_ZONE } from "../contract/dates.ts";
import { canAudit } from "./audit-policy.ts";

export type AuditFilter = Omit<TAuditQuery, "pageNumber">;

type Page = { limit: number; offset?: number; beforeId?: number };

async function selectEntries(
  db: pg.Pool | pg.ClientBase,
  actor: Actor,
  filter: AuditFilter,
  page: Page,
): Promise<AuditEntryAnswer[]> {
  const params: unknown[] = [];
  const where: string[] = [];
  const add = (sql: (n: string) => string, value: unknown) => {
    params.push(value);
    where.push(sql(`$${params.length}`));
  };
  // The super user's list spans companies; everyone else's names the caller's company.
  const companyId = canAudit(actor, "readPlatform") ? filter.companyId : actor.companyId;
  if (companyId !== undefined) add((n) => `a.company_id = ${n}`, companyId);
  if (filter.userId !== undefined) add((n) => `a.user_id = ${n}`, filter.userId);
  if (filter.kind !== undefined) add((n) => `a.kind = ${n}`, filter.kind);
  if (filter.dateFrom !== undefined)
    add((n) => `a.created_at >= (${n}::date)::timestamp AT TIME ZONE '${BUSINESS_TIME_ZONE}'`, filter.dateFrom);
  if (filter.dateTo !== undefined)
    add((n) => `a.created_at < (${n}::date + 1)::timestamp AT TIME ZONE '${BUSINESS_TIME_ZONE}'`, filter.dateTo);
  if (page.beforeId !== undefined) add((n) => `a.id < ${n}`, page.beforeId);
  params.push(page.limit, page.offset ?? 0);
  const scope = companyId === undefined ? "/* all-companies: the super user reads the platform's audit log */" : "";
  const { rows } = await db.query<AuditEntryAnswer>(
    `SELECT ${scope} a.id, a.company_id AS "companyId", COALESCE(c.name, '') AS "companyName", a.user_id AS "userId",
       a.user_name AS "userName", a.kind, a.subject_id AS "subjectId", a.subject, a.detail,
       to_char(a.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt"
     FROM audit_entries a LEFT JOIN companies c ON c.id = a.company_id
     ${where.length ? `WHERE ${where.join(" AND ")}` : ""}
     ORDER BY a.id DESC LIMIT $${params.length - 1} OFFSET $${params.length}`,
    params,
  );
  return rows;
}

export async function listAuditEntries(
  db: pg.Pool | pg.ClientBase,
  actor: Actor,
  query: TAuditQuery,
): Promise<AuditListAnswer> {
  const { pageNumber, ...filter } = query;
  const rows = await selectEntries(db, actor, filter, {
    limit: AUDIT_PAGE_SIZE + 1,
    offset: (pageNumber - 1) * AUDIT_PAGE_SIZE,
  });
  return { entries: rows.slice(0, AUDIT_PAGE_SIZE), hasMore: rows.length > AUDIT_PAGE_SIZE };
}

export const AUDIT_CSV_HEADER = ["date", "company", "user", "kind", "subject", "detail"] as const;
const EXPORT_PAGE = 1000;
const FORMULA_START = /^[=+\-@\t\r]/;

/** One CSV cell (RFC 4180), never a live formula (the same rule as the contacts export's). */
export function auditCsvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]|^\s|\s$/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The filtered entries as CSV, newest first, read in pages by id. */
export async function* exportAuditEntries(db: pg.Pool, actor: Actor, filter: AuditFilter): AsyncGenerator<string> {
  yield `${AUDIT_CSV_HEADER.join(",")}\r\n`;
  let beforeId: number | undefined;
  for (;;) {
    const rows = await selectEntries(db, actor, filter, { limit: EXPORT_PAGE, beforeId });
    if (rows.length === 0) return;
    yield rows
      .map(
        (r) =>
          `${[r.createdAt, r.companyName, r.userName, r.kind, r.subject, JSON.stringify(r.detail)].map(auditCsvCell).join(",")}\r\n`,
      )
      .join("");
    if (rows.length < EXPORT_PAGE) return;
    beforeId = rows[rows.length - 1]!.id;
  }
}
