// Requests and answers of the users calls (spec 1 §7 Users), with the user
// form's validation messages (spec 1 §5). The user modal and the API share them.
import { z } from "zod";
import type { UserDTO } from "./entities.ts";
import { zId } from "./ids.ts";
import { PASSWORD_POLICY_MESSAGE, ZNewPasswordSchema } from "./password-policy.ts";

const ZSwitch = z.enum(["enabled", "disabled"]);
const ZHour = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Invalid time");

import { TICKETS_MANAGER_WIDTH } from "./user-limits.ts";

export { TICKETS_MANAGER_WIDTH };

// An empty (or blank) name is a missing one: 'Required' comes before the length rule.
export const ZUserNameSchema = z
  .string({ error: "Required" })
  .trim()
  .min(1, "Required")
  .min(2, "Too Short!")
  .max(50, "Too Long!");
export const ZUserEmailSchema = z
  .string({ error: "Required" })
  .trim()
  .toLowerCase()
  .min(1, "Required")
  .email("Invalid email");
/** A new password: the password policy (contract/password-policy.ts), at most 50 characters. */
export const ZUserPasswordSchema = ZNewPasswordSchema({
  required: "Required",
  tooLong: "Too Long!",
  policy: PASSWORD_POLICY_MESSAGE.en,
});

/** The fields an admin sets on a user; every one is optional on an update. */
const userFields = {
  /** admin or user; only admins change it (user-modal:editProfile). */
  profile: z.enum(["admin", "user"]),
  /** The queues the user works; only admins change them (user-modal:editQueues). */
  queueIds: z.array(zId).max(500),
  /** The user's default connection, or null. */
  whatsappId: zId.nullable(),
  /** Start of the working day, HH:mm. */
  startWork: ZHour,
  /** End of the working day, HH:mm. */
  endWork: ZHour,
  /** Farewell text sent when this user resolves a ticket (when the connection has none). */
  farewellMessage: z.string().max(4000, "Too Long!").nullable(),
  /** The user's colour in lists, or null. */
  color: z.string().max(20, "Too Long!").nullable(),
  /** light or dark. */
  defaultTheme: z.enum(["light", "dark"]),
  /** Side menu open or closed by default. */
  defaultMenu: z.enum(["open", "closed"]),
  /** Sees tickets without a queue. */
  allTicket: ZSwitch,
  /** Sees group tickets and the group tab. */
  allowGroup: z.boolean(),
  /** Sees conversations of other queues; null reads as disabled (spec 1 §5: nullable). */
  allHistoric: ZSwitch.nullable().transform((v) => v ?? "disabled"),
  /** Sees other users' chats and may use show-all. */
  allUserChat: ZSwitch,
  /** May ignore pending tickets. */
  userClosePendingTicket: ZSwitch,
  /** Sees the dashboard. */
  showDashboard: ZSwitch,
  /** Sees the real-time attendance panel. */
  allowRealTime: ZSwitch,
  /** Sees the connections page. */
  allowConnections: ZSwitch,
  /** Width of the ticket list panel in pixels; bounds keep a stray drag from hiding the list or the chat. */
  defaultTicketsManagerWidth: z
    .number("Invalid width")
    .int("Invalid width")
    .min(TICKETS_MANAGER_WIDTH.min, "Too Small!")
    .max(TICKETS_MANAGER_WIDTH.max, "Too Large!"),
};

export const ZCreateUserRequestSchema = z.object({
  /** Display name, 2 to 50 characters. */
  name: ZUserNameSchema,
  /** Login e-mail, unique across the platform (stored lower-cased). */
  email: ZUserEmailSchema,
  /** Password under the password policy (8 to 50, upper, lower, digit); stored as an argon2 hash. */
  password: ZUserPasswordSchema,
  profile: userFields.profile.default("user"),
  queueIds: userFields.queueIds.default([]),
  whatsappId: userFields.whatsappId.default(null),
  startWork: userFields.startWork.default("00:00"),
  endWork: userFields.endWork.default("23:59"),
  farewellMessage: userFields.farewellMessage.default(null),
  color: userFields.color.default(null),
  defaultTheme: userFields.defaultTheme.default("light"),
  defaultMenu: userFields.defaultMenu.default("open"),
  allTicket: userFields.allTicket.default("disabled"),
  allowGroup: userFields.allowGroup.default(false),
  allHistoric: userFields.allHistoric.default("disabled"),
  allUserChat: userFields.allUserChat.default("disabled"),
  userClosePendingTicket: userFields.userClosePendingTicket.default("disabled"),
  showDashboard: userFields.showDashboard.default("disabled"),
  allowRealTime: userFields.allowRealTime.default("disabled"),
  allowConnections: userFields.allowConnections.default("disabled"),
});
export type TCreateUserRequest = z.infer<typeof ZCreateUserRequestSchema>;

export const ZUpdateUserRequestSchema = z.object({
  /** Display name, 2 to 50 characters. */
  name: ZUserNameSchema.optional(),
  /** Login e-mail, unique across the platform. */
  email: ZUserEmailSchema.optional(),
  /** A new password; empty or absent keeps the current one (the modal sends ""). */
  password: z.preprocess((v) => (v === "" || v === null ? undefined : v), ZUserPasswordSchema.optional()),
  profile: userFields.profile.optional(),
  queueIds: userFields.queueIds.optional(),
  whatsappId: userFields.whatsappId.optional(),
  startWork: userFields.startWork.optional(),
  endWork: userFields.endWork.optional(),
  farewellMessage: userFields.farewellMessage.optional(),
  color: userFields.color.optional(),
  defaultTheme: userFields.defaultTheme.optional(),
  defaultMenu: userFields.defaultMenu.optional(),
  allTicket: userFields.allTicket.optional(),
  allowGroup: userFields.allowGroup.optional(),
  allHistoric: userFields.allHistoric.optional(),
  allUserChat: userFields.allUserChat.optional(),
  userClosePendingTicket: userFields.userClosePendingTicket.optional(),
  showDashboard: userFields.showDashboard.optional(),
  allowRealTime: userFields.allowRealTime.optional(),
  allowConnections: userFields.allowConnections.optional(),
  defaultTicketsManagerWidth: userFields.defaultTicketsManagerWidth.optional(),
});
export type TUpdateUserRequest = z.infer<typeof ZUpdateUserRequestSchema>;

/** PUT /companies/{id}/users/{userId}: the company users dialog's fields (spec 3 §2), the super user's. */
export const ZCompanyUserUpdateRequestSchema = ZUpdateUserRequestSchema.pick({
  name: true,
  email: true,
  password: true,
  profile: true,
  queueIds: true,
});
export type TCompanyUserUpdateRequest = z.infer<typeof ZCompanyUserUpdateRequestSchema>;

/** What a plain user may change on their own record (spec 1 §6: the rest is the admin's). */
export const SELF_EDITABLE_USER_FIELDS = [
  "name",
  "email",
  "password",
  "defaultTheme",
  "defaultMenu",
  "defaultTicketsManagerWidth",
] as const;

export const ZListUsersQuerySchema = z.object({
  /** Matches name or e-mail, case-insensitive. */
  searchParam: z.string().trim().toLowerCase().max(100).default(""),
  /** 1-based page of USERS_PAGE_SIZE users. */
  pageNumber: z.coerce.number().int().positive().default(1),
});

/** Users per page of GET /users/ (spec 1: page size not shown). */
export const USERS_PAGE_SIZE = 20;

export type UserAnswer = UserDTO & { farewellMessage: string | null };
export type ListUsersResponse = { users: UserAnswer[]; hasMore: boolean; count: number };
/** One entry of GET /users/list, for pickers (transfer, filters); a plain user gets PublicUserDTO (no profile). */
export type UserPickerEntry = {
  id: number;
  name: string;
  profile: "admin" | "user";
  online: boolean;
  color: string | null;
};

/** Form fields of POST /users/{id}/media-upload besides the file. */
export const PROFILE_IMAGE_FIELD = "profileImage";
/** Largest avatar accepted, in bytes. */
export const PROFILE_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

/**
 * core's neutral refusal (ERR_VALIDATION on `email`) of an e-mail that a user of another company holds: e-mail is
 * the login key, unique on the platform, and the answer must not read as "this e-mail has an account" (decision 0044).
 */
export const EMAIL_UNAVAILABLE_MESSAGE = "This e-mail cannot be used";
