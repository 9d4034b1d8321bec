// Use cases of the super user's companies page (spec 3 §2 Companies page, §4, §5, §7): list every company (or
// a page of them, with its plan and media folder), create one with its first admin and settings (signup's use
// case), update and delete one. Company 1, the platform's own, never expires and is never deleted (spec 3 §4).
// Writes run on the company EntityManager as the tags CRUD does (companies is a platform table: no filter).
import { raw } from "@mikro-orm/postgresql";
import type pg from "pg";
import type { Actor } from "../auth/authenticate.ts";
import { hashPassword } from "../auth/password-hashing.ts";
import { contains } from "../contacts/list-contacts.ts";
import {
  advanceDueDate,
  COMPANIES_PAGE_SIZE,
  type CompaniesPage,
  type CompanyAdminDTO,
  type CompanyPlanDTO,
  PLATFORM_COMPANY_ID,
  PLATFORM_DUE_DATE,
  type Recurrence,
  type TCreateCompanyRequest,
  type TUpdateCompanyRequest,
} from "../contract/companies.ts";
import { companyEm } from "../db/company-em.ts";
import { Company } from "../db/entities/tenancy.ts";
import { companyNotFound, invalidInput, noPermission, wrongState } from "../http/errors.ts";
import { createCompanyAccount } from "../signup/signup.ts";
import { listChanged, recordChanges } from "../sync/change-log.ts";
import { businessToday } from "./business-date.ts";
import { companyFolderStats } from "./company-folder.ts";
import { PLAN_COLUMNS } from "./plan-routes.ts";

export function authorizeCompanies(actor: Actor): void {
  if (!actor.super) throw noPermission();
}

const COMPANY_COLUMNS = `c.id, c.name, c.email, c.phone, c.status, c.document, c.payment_method AS "paymentMethod",
  to_char(c.due_date, 'YYYY-MM-DD') AS "dueDate", c.recurrence, c.plan_id AS "planId",
  CASE WHEN p.id IS NULL THEN NULL ELSE json_build_object('id', p.id, 'name', p.name, 'amount', p.amount::float8) END
    AS plan,
  c.created_at AS "createdAt", c.last_login AS "lastLogin"`;

type CompanyRow = Omit<CompanyAdminDTO, "folderSize" | "numberFileFolder" | "updatedAtFolder">;

async function withFolders(dataDir: string, rows: CompanyRow[]): Promise<CompanyAdminDTO[]> {
  return Promise.all(rows.map(async (r) => ({ ...r, ...(await companyFolderStats(dataDir, r.id)) })));
}

/** GET /companies/list: every company, by id (no folder figures: a picker's list). */
export async function listAllCompanies(db: pg.Pool, actor: Actor): Promise<CompanyRow[]> {
  authorizeCompanies(actor);
  const { rows } = await db.query<CompanyRow>(
    `SELECT ${COMPANY_COLUMNS} FROM companies c LEFT JOIN plans p ON p.id = c.plan_id ORDER BY c.id`,
  );
  return rows;
}

/** GET /companiesPlan/ and GET /companies: a page of the companies whose name or e-mail holds the search. */
export async function listCompaniesPage(
  db: pg.Pool,
  dataDir: string,
  actor: Actor,
  q: { searchParam?: string; pageNumber: number; companyId?: number },
): Promise<CompaniesPage> {
  authorizeCompanies(actor);
  const params = [q.searchParam ? contains(q.searchParam) : null, q.companyId ?? null];
  const filter = `($1::text IS NULL OR lower(c.name) LIKE $1 OR lower(coalesce(c.email, '')) LIKE $1)
    AND ($2::int IS NULL OR c.id = $2)`;
  const count = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM companies c WHERE ${filter}`, params);
  const offset = (q.pageNumber - 1) * COMPANIES_PAGE_SIZE;
  const { rows } = await db.query<CompanyRow>(
    `SELECT ${COMPANY_COLUMNS} FROM companies c LEFT JOIN plans p ON p.id = c.plan_id WHERE ${filter}
     ORDER BY c.id LIMIT $3 OFFSET $4`,
    [...params, COMPANIES_PAGE_SIZE, offset],
  );
  const total = count.rows[0]?.n ?? 0;
  return { companies: await withFolders(dataDir, rows), count: total, hasMore: offset + rows.length < total };
}

/** GET /companies/listPlan/{id}: the company and its plan; the super user any company, others only their own. */
export async function findCompanyPlan(db: pg.Pool, actor: Actor, companyId: number): Promise<CompanyPlanDTO> {
  if (companyId !== actor.companyId && !actor.super) throw companyNotFound();
  const { rows } = await db.query<CompanyPlanDTO>(
    `SELECT c.id, c.name, c.plan_id AS "planId",
       (SELECT row_to_json(x) FROM (SELECT ${PLAN_COLUMNS} FROM plans p WHERE p.id = c.plan_id) x) AS plan
     FROM companies c WHERE c.id = $1`,
    [companyId],
  );
  if (!rows[0]) throw companyNotFound();
  return rows[0];
}

async function answer(db: pg.ClientBase, dataDir: string, id: number): Promise<CompanyAdminDTO> {
  const { rows } = await db.query<CompanyRow>(
    `SELECT ${COMPANY_COLUMNS} FROM companies c LEFT JOIN plans p ON p.id = c.plan_id WHERE c.id = $1`,
    [id],
  );
  if (!rows[0]) throw companyNotFound();
  return (await withFolders(dataDir, [rows[0]]))[0]!;
}

async function assertPlan(client: pg.ClientBase, planId: number): Promise<void> {
  const { rowCount } = await client.query("SELECT 1 FROM plans WHERE id = $1", [planId]);
  if (!rowCount) throw invalidInput("Plano inválido", "planId");
}

/** A new company's first due date when none is given: today moved by its recurrence. */
export function firstDueDate(recurrence: Recurrence, today = businessToday()): string {
  return advanceDueDate(today, recurrence);
}

/** POST /companies: the company, its settings and its first admin (signup's use case), then the page's fields. */
export async function createCompany(
  client: pg.ClientBase,
  dataDir: string,
  actor: Actor,
  input: TCreateCompanyRequest,
): Promise<CompanyAdminDTO> {
  authorizeCompanies(actor);
  await assertPlan(client, input.planId);
  const recurrence = input.recurrence ?? "MENSAL";
  const { companyId } = await createCompanyAccount(
    client,
    {
      name: input.name,
      email: input.email,
      phone: input.phone ?? null,
      planId: input.planId,
      dueDate: input.dueDate ?? firstDueDate(recurrence),
      recurrence,
      status: input.status ?? true,
    },
    { name: input.name, email: input.email, password: input.password },
  );
  await companyEm(client, actor.companyId).nativeUpdate(
    Company,
    { id: companyId },
    { document: input.document ?? null, paymentMethod: input.paymentMethod ?? null },
  );
  await recordChanges(client, [listChanged(actor.companyId, "companies")]);
  return answer(client, dataDir, companyId);
}

/** PUT /companies/{id}. Company 1 stays active with its 2999-12-31 due date; a password goes to the first admin. */
export async function updateCompany(
  client: pg.ClientBase,
  dataDir: string,
  actor: Actor,
  id: number,
  input: TUpdateCompanyRequest,
): Promise<CompanyAdminDTO> {
  authorizeCompanies(actor);
  await assertPlan(client, input.planId);
  const platform = id === PLATFORM_COMPANY_ID;
  const changed = await companyEm(client, actor.companyId).nativeUpdate(
    Company,
    { id },
    {
      name: input.name,
      email: input.email,
      phone: input.phone ?? null,
      planId: input.planId,
      document: input.document ?? null,
      paymentMethod: input.paymentMethod ?? null,
      ...(platform ? { status: true, dueDate: PLATFORM_DUE_DATE } : {}),
      ...(!platform && input.status !== undefined ? { status: input.status } : {}),
      ...(!platform && input.dueDate !== undefined ? { dueDate: input.dueDate } : {}),
      ...(input.recurrence !== undefined ? { recurrence: input.recurrence } : {}),
      updatedAt: raw("now()"),
    },
  );
  if (changed === 0) throw companyNotFound();
  if (input.password) {
    await client.query(
      `UPDATE users SET password_hash = $3, updated_at = now()
       WHERE company_id = $1 AND id = (SELECT min(u.id) FROM users u WHERE u.company_id = $1 AND u.profile = $2)`,
      [id, "admin", await hashPassword(input.password)],
    );
  }
  await recordChanges(client, [listChanged(actor.companyId, "companies")]);
  return answer(client, dataDir, id);
}

/** DELETE /companies/{id}: every row of the company goes with it (foreign keys cascade); company 1 never. */
export async function deleteCompany(client: pg.ClientBase, actor: Actor, id: number): Promise<void> {
  authorizeCompanies(actor);
  if (id === PLATFORM_COMPANY_ID) throw wrongState("The platform's company cannot be deleted");
  const deleted = await companyEm(client, actor.companyId).nativeDelete(Company, { id });
  if (deleted === 0) throw companyNotFound();
  await recordChanges(client, [listChanged(actor.companyId, "companies")]);
}
