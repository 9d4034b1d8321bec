// Users as the users calls answer them, and the clash of a taken e-mail.
import type pg from "pg";
import { publicUser, type UserRow } from "../auth/load-user.ts";
import type { UserAnswer } from "../contract/users.ts";
import { uniqueViolation } from "../db/unique-violation.ts";
import { emailAlreadyExists, emailUnavailable } from "../kernel/errors.ts";

export function userAnswer(u: UserRow): UserAnswer {
  return { ...publicUser(u), farewellMessage: u.farewellMessage };
}

/**
 * A user of the caller's own company already has this e-mail: 409 ERR_EMAIL_ALREADY_EXISTS, as the company's own
 * data (its admins list its users anyway). Checked before the write, within the company only (decision 0044).
 */
export async function assertEmailFreeInCompany(
  client: pg.ClientBase,
  companyId: number,
  email: string,
  exceptUserId = 0,
): Promise<void> {
  const { rowCount } = await client.query(
    "SELECT 1 FROM users WHERE company_id = $1 AND lower(email) = lower($2) AND id <> $3",
    [companyId, email, exceptUserId],
  );
  if (rowCount) throw emailAlreadyExists();
}

/**
 * users_email_key is unique on lower(email) across the platform: past assertEmailFreeInCompany, a clash is
 * another company's user (or a race), answered with the neutral emailUnavailable (decision 0044).
 */
export function userConflict(err: unknown): unknown {
  return uniqueViolation(err) === "users_email_key" ? emailUnavailable() : err;
}
