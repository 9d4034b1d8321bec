// Use case: someone signs a new company up (spec 3 §2 Signup). Creates the
// company on a public plan with a trial (due today + TRIAL_DAYS), its settings
// with their defaults, and its first admin. The super user can switch signup
// off with the platform setting userCreation. An e-mail that already has an
// account answers like a new one and creates nothing (decision 0022).
import type pg from "pg";
import { type SignupResponse, TRIAL_DAYS, type TSignupRequest } from "../contract/signup.ts";
import { ZCreateUserRequestSchema } from "../contract/users.ts";
import { addDays, businessToday } from "../kernel/business-date.ts";
import { recordChanges } from "../kernel/change-log.ts";
import { invalidInput, isEmailUnavailable, userCreationDisabled } from "../kernel/errors.ts";
import { hashPassword } from "../kernel/password-hashing.ts";
import { seedCompanySettings } from "../settings/company-settings.ts";
import { getPlatformSetting } from "../settings/platform-settings.ts";
import { insertUser } from "../users/create-user.ts";

/** The answer of every accepted signup, made from the request alone. */
export function signupAnswer(input: TSignupRequest, dueDate: string): SignupResponse {
  return {
    company: { name: input.companyName, dueDate },
    user: { name: input.name, email: input.email, profile: "admin" },
  };
}

/** True for the clash of an e-mail taken between our check and the insert (two signups racing). */
export const isEmailTaken = (err: unknown) => isEmailUnavailable(err);

export async function signup(client: pg.ClientBase, input: TSignupRequest): Promise<SignupResponse> {
  if ((await getPlatformSetting(client, "userCreation")) === "disabled") throw userCreationDisabled();
  const plan = await client.query("SELECT 1 FROM plans WHERE id = $1 AND is_public", [input.planId]);
  if (!plan.rowCount) {
    throw invalidInput("Plano inválido", "planId");
  }
  const dueDate = addDays(businessToday(), TRIAL_DAYS);
  const taken = await client.query(
    "SELECT 1 FROM users /* all-companies: e-mails are unique across the platform */ WHERE lower(email) = lower($1)",
    [input.email],
  );
  if (taken.rowCount) {
    // The same hash a new account costs, so the answer takes as long; then nothing is written.
    await hashPassword(input.password);
    return signupAnswer(input, dueDate);
  }
  await createCompanyAccount(
    client,
    { name: input.companyName, phone: input.phone, email: input.email, dueDate, planId: input.planId },
    { name: input.name, email: input.email, password: input.password },
  );
  return signupAnswer(input, dueDate);
}

/** A new company's own fields; the rest keep their defaults until the caller sets them. */
export type NewCompany = {
  name: string;
  email: string;
  phone: string | null;
  planId: number;
  dueDate: string;
  recurrence?: string;
  status?: boolean;
};

/**
 * A company as signup makes it, also used by the super user's POST /companies: the company row, its settings with
 * their defaults, and its first admin. The admin's e-mail must be free (callers check; the unique index decides).
 */
export async function createCompanyAccount(
  client: pg.ClientBase,
  company: NewCompany,
  admin: { name: string; email: string; password: string },
): Promise<{ companyId: number; userId: number }> {
  const { rows } = await client.query<{ id: number }>(
    `INSERT INTO companies (name, phone, email, status, due_date, recurrence, plan_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
    [
      company.name,
      company.phone,
      company.email,
      company.status ?? true,
      company.dueDate,
      company.recurrence ?? "MENSAL",
      company.planId,
    ],
  );
  const companyId = rows[0]!.id;
  await seedCompanySettings(client, companyId);
  const user = ZCreateUserRequestSchema.parse({ ...admin, profile: "admin" });
  const userId = await insertUser(client, companyId, user);
  await recordChanges(client, [{ companyId, entity: "users", id: userId }]);
  return { companyId, userId };
}
