// Reads of the super user's companies page (spec 3 §2 Companies page, §7): every company, or a page of them with
// its plan and media folder, and one company's plan. The writes are company-admin-writes.ts (EntityManager).
import type pg from "pg";
import type { Actor } from "../auth/authenticate.ts";
import {
  COMPANIES_PAGE_SIZE,
  type CompaniesPage,
  type CompanyAdminDTO,
  type CompanyPlanDTO,
} from "../contract/companies.ts";
import { companyNotFound, noPermission } from "../kernel/errors.ts";
import { likePattern } from "../kernel/like-pattern.ts";
import { companyFolderStats } from "./company-folder.ts";
import { findPlan } from "./plan-queries.ts";

export function authorizeCompanies(actor: Actor): void {
  if (!actor.super) throw noPermission();
}

const COMPANY_COLUMNS = `c.id, c.name, c.email, c.phone, c.status, c.document, c.payment_method AS "paymentMethod",
  to_char(c.due_date, 'YYYY-MM-DD') AS "dueDate", c.recurrence, c.plan_id AS "planId",
  p.id AS "joinedPlanId", p.name AS "joinedPlanName", p.amount::float8 AS "joinedPlanAmount",
  c.created_at AS "createdAt", c.last_login AS "lastLogin",
  p.users AS "joinedPlanUsers", p.connections AS "joinedPlanConnections",
  (SELECT count(*)::int FROM users u WHERE u.company_id = c.id) AS "numberAttendants",
  (SELECT count(*)::int FROM whatsapps w WHERE w.company_id = c.id) AS "numberConections"`;
// The two counts are read in the page's one statement, each an index-only count on (company_id, ...) per row of the
// page (users_company, whatsapps_company_id_name_key): no query per company, no counter to keep (decision 0119).

type CompanyRow = Omit<CompanyAdminDTO, "folderSize" | "numberFileFolder" | "updatedAtFolder">;

/** COMPANY_COLUMNS as read: the plan's fields as plain columns (null when the company has no plan). */
type CompanyColumns = Omit<CompanyRow, "plan"> & {
  joinedPlanId: number | null;
  joinedPlanName: string | null;
  joinedPlanAmount: number | null;
  joinedPlanUsers: number | null;
  joinedPlanConnections: number | null;
};

/** The presenter of a company row: its plan nested from the joined columns (decision 0085). */
const companyRow = ({
  joinedPlanId,
  joinedPlanName,
  joinedPlanAmount,
  joinedPlanUsers,
  joinedPlanConnections,
  ...c
}: CompanyColumns): CompanyRow => ({
  ...c,
  plan:
    joinedPlanId === null
      ? null
      : {
          id: joinedPlanId,
          name: joinedPlanName!,
          amount: joinedPlanAmount!,
          users: joinedPlanUsers!,
          connections: joinedPlanConnections!,
        },
});

async function withFolders(dataDir: string, rows: CompanyRow[]): Promise<CompanyAdminDTO[]> {
  return Promise.all(rows.map(async (r) => ({ ...r, ...(await companyFolderStats(dataDir, r.id)) })));
}

/** GET /companies/list: every company, by id (no folder figures: a picker's list). */
export async function listAllCompanies(db: pg.Pool, actor: Actor): Promise<CompanyRow[]> {
  authorizeCompanies(actor);
  const { rows } = await db.query<CompanyColumns>(
    `SELECT ${COMPANY_COLUMNS} FROM companies c LEFT JOIN plans p ON p.id = c.plan_id ORDER BY c.id`,
  );
  return rows.map(companyRow);
}

/** GET /companiesPlan/ and GET /companies: a page of the companies whose name or e-mail holds the search. */
export async function listCompaniesPage(
  db: pg.Pool,
  dataDir: string,
  actor: Actor,
  q: { searchParam?: string; pageNumber: number; companyId?: number },
): Promise<CompaniesPage> {
  authorizeCompanies(actor);
  const params = [q.searchParam ? likePattern(q.searchParam) : null, q.companyId ?? null];
  const filter = `($1::text IS NULL OR lower(c.name) LIKE $1 OR lower(coalesce(c.email, '')) LIKE $1)
    AND ($2::int IS NULL OR c.id = $2)`;
  const count = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM companies c WHERE ${filter}`, params);
  const offset = (q.pageNumber - 1) * COMPANIES_PAGE_SIZE;
  const { rows } = await db.query<CompanyColumns>(
    `SELECT ${COMPANY_COLUMNS} FROM companies c LEFT JOIN plans p ON p.id = c.plan_id WHERE ${filter}
     ORDER BY c.id LIMIT $3 OFFSET $4`,
    [...params, COMPANIES_PAGE_SIZE, offset],
  );
  const total = count.rows[0]?.n ?? 0;
  return {
    companies: await withFolders(dataDir, rows.map(companyRow)),
    count: total,
    hasMore: offset + rows.length < total,
  };
}

/** GET /companies/listPlan/{id}: the company and its plan; the super user any company, others only their own. */
export async function findCompanyPlan(db: pg.Pool, actor: Actor, companyId: number): Promise<CompanyPlanDTO> {
  if (companyId !== actor.companyId && !actor.super) throw companyNotFound();
  const { rows } = await db.query<Omit<CompanyPlanDTO, "plan">>(
    `SELECT c.id, c.name, c.plan_id AS "planId" FROM companies c WHERE c.id = $1`,
    [companyId],
  );
  const company = rows[0];
  if (!company) throw companyNotFound();
  // The plan read on its own in its answer shape (plan-queries.ts) rather than nested as JSON in SQL.
  return { ...company, plan: company.planId === null ? null : await findPlan(db, company.planId) };
}

/** One company as the table shows it (the writes answer with it). */
export async function companyAnswer(db: pg.ClientBase, dataDir: string, id: number): Promise<CompanyAdminDTO> {
  const { rows } = await db.query<CompanyColumns>(
    `SELECT ${COMPANY_COLUMNS} FROM companies c LEFT JOIN plans p ON p.id = c.plan_id WHERE c.id = $1`,
    [id],
  );
  if (!rows[0]) throw companyNotFound();
  return (await withFolders(dataDir, [companyRow(rows[0])]))[0]!;
}
