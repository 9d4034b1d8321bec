// The company users dialog of the companies page (spec 3 §2: name, password, email, profile and queues): the super
// user lists a company's users, adds one, edits one and deletes one. Each is the users page's own use case
// (createUser, updateUser, deleteUser: plan limit, the company's queues, the e-mail rules, the change log, the audit
// entry), run as the super user acting in that company, so the audit entry lands in that company with the super
// user's name (decision 0108). One rule more than a company admin meets: the dialog never leaves a company without
// an admin (its last admin is neither deleted nor made a plain user; decision 0119).
import type pg from "pg";
import type { Actor } from "../auth/authenticate.ts";
import { USER_QUEUES_COLUMNS, USER_QUEUES_JOIN, type UserQueuesColumns, withUserQueues } from "../auth/user-queues.ts";
import type { CompanyUsersDTO } from "../contract/companies.ts";
import type { TCompanyUserUpdateRequest, TCreateUserRequest } from "../contract/users.ts";
import { companyNotFound, userNotFound, wrongState } from "../kernel/errors.ts";
import { createUser } from "../users/create-user.ts";
import { deleteUser } from "../users/delete-user.ts";
import { updateUser } from "../users/update-user.ts";
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

/**
 * Refuses to take away the company's last admin (delete, or profile to "user"). The company's admins are locked
 * first, so two such changes at once cannot each leave the other's admin as the last one and both pass.
 */
async function assertKeepsAnAdmin(client: pg.ClientBase, companyId: number, userId: number): Promise<void> {
  const { rows } = await client.query<{ id: number }>(
    "SELECT id FROM users WHERE company_id = $1 AND profile = 'admin' ORDER BY id FOR UPDATE",
    [companyId],
  );
  if (rows.some((r) => r.id === userId) && rows.length === 1) {
    throw wrongState("The company's last admin cannot be removed or made a plain user");
  }
}

async function assertCompanyUser(client: pg.ClientBase, companyId: number, userId: number): Promise<void> {
  const { rowCount } = await client.query("SELECT 1 FROM users WHERE id = $1 AND company_id = $2", [userId, companyId]);
  if (!rowCount) throw userNotFound();
}

export async function updateCompanyUser(
  client: pg.ClientBase,
  actor: Actor,
  companyId: number,
  userId: number,
  input: TCompanyUserUpdateRequest,
): Promise<CompanyUsersDTO["users"][number]> {
  authorizeCompanies(actor);
  await assertCompany(client, companyId);
  await assertCompanyUser(client, companyId, userId);
  if (input.profile === "user") await assertKeepsAnAdmin(client, companyId, userId);
  const u = await updateUser(client, { ...actor, companyId }, userId, input);
  return { id: u.id, name: u.name, email: u.email, profile: u.profile, queues: u.queues ?? [] };
}

export async function deleteCompanyUser(
  client: pg.ClientBase,
  actor: Actor,
  companyId: number,
  userId: number,
): Promise<void> {
  authorizeCompanies(actor);
  await assertCompany(client, companyId);
  await assertCompanyUser(client, companyId, userId);
  await assertKeepsAnAdmin(client, companyId, userId);
  await deleteUser(client, { ...actor, companyId }, userId);
}
