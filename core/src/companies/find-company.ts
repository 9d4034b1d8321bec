// Use case: GET /companies/{id} (spec 3 §7). The company's admin reads their own company (the settings page's
// Schedules tab loads its hours from it); the super user any company (spec 3 §1). Another company's id is as
// absent as a missing one (decision 0027); a plain user gets the no-permission answer.
import type pg from "pg";
import type { Actor } from "../auth/authenticate.ts";
import type { CompanyAnswer } from "../contract/companies.ts";
import { companyNotFound, noPermission } from "../kernel/errors.ts";

export async function findCompany(
  db: pg.Pool | pg.ClientBase,
  actor: Actor,
  companyId: number,
): Promise<CompanyAnswer> {
  if (companyId !== actor.companyId && !actor.super) throw companyNotFound();
  if (actor.profile !== "admin" && !actor.super) throw noPermission();
  const { rows } = await db.query<CompanyAnswer>(
    `SELECT id, name, email, phone, status, to_char(due_date, 'YYYY-MM-DD') AS "dueDate", recurrence,
       plan_id AS "planId", schedules
     FROM companies WHERE id = $1`,
    [companyId],
  );
  if (!rows[0]) throw companyNotFound();
  return rows[0];
}
