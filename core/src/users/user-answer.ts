// Users as the users calls answer them, and the clash of a taken e-mail.
import type { UserAnswer } from "../contract/users.ts";
import { uniqueViolation } from "../db/unique-violation.ts";
import { emailAlreadyExists } from "../http/errors.ts";
import { publicUser, type UserRow } from "./load-user.ts";

export function userAnswer(u: UserRow): UserAnswer {
  return { ...publicUser(u), farewellMessage: u.farewellMessage };
}

/** users_email_key is unique on lower(email) across the platform. */
export function userConflict(err: unknown): unknown {
  return uniqueViolation(err) === "users_email_key" ? emailAlreadyExists() : err;
}
