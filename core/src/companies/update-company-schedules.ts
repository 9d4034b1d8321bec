// Use case: PUT /companies/{id}/schedules (spec 3 §7). The company's admin sets their own company's hours; the
// super user any company's (spec 3 §1). Another company's id is as absent as a missing one (decision 0027).
import type pg from "pg";
import type { Actor } from "../auth/authenticate.ts";
import type { CompanySchedulesDTO, TUpdateCompanySchedulesRequest } from "../contract/companies.ts";
import { companyNotFound, noPermission } from "../kernel/errors.ts";

export async function updateCompanySchedules(
  client: pg.ClientBase,
  actor: Actor,
  companyId: number,
  input: TUpdateCompanySchedulesRequest,
): Promise<CompanySchedulesDTO> {
  if (companyId !== actor.companyId && !actor.super) throw companyNotFound();
  if (actor.profile !== "admin" && !actor.super) throw noPermission();
  const { rows } = await client.query<CompanySchedulesDTO>(
    "UPDATE companies SET schedules = $2, updated_at = now() WHERE id = $1 RETURNING id, schedules",
    [companyId, JSON.stringify(input.schedules)],
  );
  if (!rows[0]) throw companyNotFound();
  return rows[0];
}
