// Writes of the super user's companies page (spec 3 §2, §4, §5, §7): create a company with its first admin and
// settings (signup's use case), update and delete one. Company 1, the platform's own, never expires and is never
// deleted (spec 3 §4). Run on the company EntityManager as the tags CRUD does (companies is a platform table: no
// filter); loaded on first use through lazyUseCase (decision 0039).
import { raw } from "@mikro-orm/postgresql";
import type pg from "pg";
import { recordAudit } from "../audit/record-audit.ts";
import type { Actor } from "../auth/authenticate.ts";
import {
  advanceDueDate,
  type CompanyAdminDTO,
  PLATFORM_COMPANY_ID,
  PLATFORM_DUE_DATE,
  type Recurrence,
  type TCreateCompanyRequest,
  type TUpdateCompanyRequest,
} from "../contract/companies.ts";
import { companyEm } from "../db/company-em.ts";
import { Company } from "../db/entities/tenancy.ts";
import { businessToday } from "../kernel/business-date.ts";
import { listChanged, recordChanges } from "../kernel/change-log.ts";
import { companyNotFound, invalidInput, wrongState } from "../kernel/errors.ts";
import { hashPassword } from "../kernel/password-hashing.ts";
import { createCompanyAccount } from "../signup/signup.ts";
import { companyAnswer as answer, authorizeCompanies } from "./company-admin.ts";

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
  await recordAudit(client, actor, {
    kind: "company.create",
    companyId,
    subjectId: companyId,
    subject: input.name,
    detail: { planId: input.planId },
  });
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
  // The names of what was sent (a password by its name only), and the plan it is on now.
  await recordAudit(client, actor, {
    kind: "company.update",
    companyId: id,
    subjectId: id,
    subject: input.name,
    detail: {
      fields: Object.keys(input).filter((k) => input[k as keyof typeof input] !== undefined),
      planId: input.planId,
    },
  });
  return answer(client, dataDir, id);
}

/** DELETE /companies/{id}: every row of the company goes with it (foreign keys cascade); company 1 never. */
export async function deleteCompany(client: pg.ClientBase, actor: Actor, id: number): Promise<void> {
  authorizeCompanies(actor);
  if (id === PLATFORM_COMPANY_ID) throw wrongState("The platform's company cannot be deleted");
  const deleted = await companyEm(client, actor.companyId).nativeDelete(Company, { id });
  if (deleted === 0) throw companyNotFound();
  await recordChanges(client, [listChanged(actor.companyId, "companies")]);
  // In the deleted company's id (no foreign key): the super user's platform-wide list shows it until the purge.
  await recordAudit(client, actor, { kind: "company.delete", companyId: id, subjectId: id });
}
