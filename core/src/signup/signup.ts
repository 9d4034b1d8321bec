// Use case: someone signs a new company up (spec 3 §2 Signup). Creates the
// company on a public plan with a trial (due today + TRIAL_DAYS), its settings
// with their defaults, and its first admin. The super user can switch signup
// off with the platform setting userCreation. An e-mail that already has an
// account answers like a new one and creates nothing (decision 0022).
import type pg from "pg";
import { hashPassword } from "../auth/password-hashing.ts";
import { addDays, businessToday } from "../companies/business-date.ts";
import { type SignupResponse, TRIAL_DAYS, type TSignupRequest } from "../contract/signup.ts";
import { ZCreateUserRequestSchema } from "../contract/users.ts";
import { invalidInput, isEmailUnavailable, userCreationDisabled } from "../http/errors.ts";
import { seedCompanySettings } from "../settings/company-settings.ts";
import { getPlatformSetting } from "../settings/platform-settings.ts";
import { recordChanges } from "../sync/change-log.ts";
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
  const { rows } = await client.query<{ id: number }>(
    `INSERT INTO companies (name, phone, email, status, due_date, recurrence, plan_id)
     VALUES ($1, $2, $3, true, $4, 'MENSAL', $5) RETURNING id`,
    [input.companyName, input.phone, input.email, dueDate, input.planId],
  );
  const companyId = rows[0]!.id;
  await seedCompanySettings(client, companyId);
  const admin = ZCreateUserRequestSchema.parse({
    name: input.name,
    email: input.email,
    password: input.password,
    profile: "admin",
  });
  const userId = await insertUser(client, companyId, admin);
  await recordChanges(client, [{ companyId, entity: "users", id: userId }]);
  return signupAnswer(input, dueDate);
}
