// The company users dialog of the companies page (spec 3 §2: name, password, email, profile and queues): the super
// user lists a company's users and adds one to it. Adding is the users page's own use case (createUser: plan limit,
// the company's queues, the e-mail rules, the change log), run as the super user acting in that company.
import type pg from "pg";
import type { Actor } from "../auth/authenticate.ts";
import { USER_QUEUES_COLUMNS, USER_QUEUES_JOIN, type UserQueuesColumns, withUserQueues } from "../auth/user-queues.ts";
import type { CompanyUsersDTO } from "../contract/companies.ts";
import type { TCreateUserRequest } from "../contract/users.ts";
import { companyNotFound } from "../kernel/errors.ts";
import { createUser } from "../users/create-user.ts";
import { authorizeCompanies } from "./company-admin.ts";

async function assertCompany(db: pg.Pool | pg.ClientBase, companyId: number): Promise<void> {
  const { rowCount } = await db.query("SELECT 1 FROM companies WHERE id = $1", [companyId]);
  if (!rowCount) throw companyNotFound();
}

export async function listCompanyUsers(db: pg.Pool, actor: Actor, companyId: number): Promise<CompanyUsersDTO> {
  authorizeCompanies(actor);
  await assertCompany(db, companyId);
  const [users, queues] = await Promise.all([
    db.query<Omit<CompanyUsersDTO["users"][number], "queues"> & UserQueuesColumns>(
      `SELECT u.id, u.name, u.email, u.profile, ${USER_QUEUES_COLUMNS}
       FROM users u ${USER_QUEUES_JOIN} WHERE u.company_id = $1 ORDER BY lower(u.name), u.id`,
      [companyId],
    ),
    db.query<CompanyUsersDTO["queues"][number]>(
      "SELECT q.id, q.name, q.color FROM queues q WHERE q.company_id = $1 ORDER BY lower(q.name), q.id",
      [companyId],
    ),
  ]);
  return { users: users.rows.map(withUserQueues), queues: queues.rows };
}

export async function createCompanyUser(
  client: pg.ClientBase,
  actor: Actor,
  companyId: number,
  input: TCreateUserRequest,
): Promise<CompanyUsersDTO["users"][number]> {
  authorizeCompanies(actor);
  await assertCompany(client, companyId);
  const u = await createUser(client, { ...actor, companyId }, input);
  return { id: u.id, name: u.name, email: u.email, profile: u.profile, queues: u.queues ?? [] };
}
