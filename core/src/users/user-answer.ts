// Users as the users calls answer them, and the clash of a taken e-mail.
import type { UserAnswer } from "../contract/users.ts";
import { uniqueViolation } from "../db/unique-violation.ts";
import { AppError } from "../http/errors.ts";
import { publicUser, type UserRow } from "./load-user.ts";

export function userAnswer(u: UserRow): UserAnswer {
  return { ...publicUser(u), farewellMessage: u.farewellMessage };
}

export const EmailTakenError = () =>
  new AppError("ERR_EMAIL_ALREADY_EXISTS", 409, "A user with this e-mail already exists", {
    fields: { email: "E-mail already in use" },
  });

/** users_email_key is unique on lower(email) across the platform. */
export function userConflict(err: unknown): unknown {
  return uniqueViolation(err) === "users_email_key" ? EmailTakenError() : err;
}
