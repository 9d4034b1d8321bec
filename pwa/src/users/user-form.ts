// The user modal's logic (spec 1 §2 "user modal (general and permissions tabs)", §3 User,
// §5 User form, §6): the form's fields, their check with the contract's schemas and
// messages (a new password under the password policy), the body of POST /users or
// PUT /users/{id}, and the avatar upload. Users are admin-only REST: no offline queue.
import type { UserDTO } from "@chatflow/core/contract/entities.ts";
import {
  PROFILE_IMAGE_FIELD,
  type TCreateUserRequest,
  type TUpdateUserRequest,
  type UserAnswer,
  ZCreateUserRequestSchema,
  ZUpdateUserRequestSchema,
} from "@chatflow/core/contract/users.ts";
import { ApiError } from "../api/errors.ts";
import type { ApiClient } from "../api/http.ts";
import { fieldErrors, serverFieldErrors } from "../i18n/form-errors.ts";
import { errorText } from "../i18n/translate-error.ts";

type Switch = "enabled" | "disabled";

export type UserForm = {
  name: string;
  email: string;
  /** Required for a new user; empty keeps the current one on an edit. */
  password: string;
  profile: "admin" | "user";
  queueIds: number[];
  /** 0 for none (a Select has no empty item). */
  whatsappId: number;
  startWork: string;
  endWork: string;
  farewellMessage: string;
  defaultTheme: "light" | "dark";
  defaultMenu: "open" | "closed";
  allTicket: Switch;
  allowGroup: boolean;
  allHistoric: Switch;
  allUserChat: Switch;
  userClosePendingTicket: Switch;
  showDashboard: Switch;
  allowRealTime: Switch;
  allowConnections: Switch;
};

/** The switches of the permissions tab, in the order it shows them. */
export const PERMISSIONS = [
  "allTicket",
  "allowGroup",
  "allHistoric",
  "allUserChat",
  "userClosePendingTicket",
  "showDashboard",
  "allowRealTime",
  "allowConnections",
] as const satisfies readonly (keyof UserForm)[];
export type Permission = (typeof PERMISSIONS)[number];

export const NO_CONNECTION = 0;

/** A new user as the contract's defaults make one (spec 1 §9: work 00:00 to 23:59). */
export function newUserForm(): UserForm {
  const d = ZCreateUserRequestSchema.parse({ name: "xx", email: "a@b.co", password: "Aa345678" });
  return { ...d, name: "", email: "", password: "", whatsappId: NO_CONNECTION, farewellMessage: "" };
}

export function userFormFrom(u: UserAnswer | UserDTO): UserForm {
  return {
    name: u.name,
    email: u.email,
    password: "",
    profile: u.profile,
    queueIds: (u.queues ?? []).map((q) => q.id),
    whatsappId: u.whatsappId ?? NO_CONNECTION,
    startWork: u.startWork,
    endWork: u.endWork,
    farewellMessage: ("farewellMessage" in u ? u.farewellMessage : null) ?? "",
    defaultTheme: u.defaultTheme,
    defaultMenu: u.defaultMenu,
    allTicket: u.allTicket,
    allowGroup: u.allowGroup,
    allHistoric: u.allHistoric,
    allUserChat: u.allUserChat,
    userClosePendingTicket: u.userClosePendingTicket,
    showDashboard: u.showDashboard,
    allowRealTime: u.allowRealTime,
    allowConnections: u.allowConnections,
  };
}

/** The contract's messages this form shows beside the shared ones. */
export const USER_MESSAGES: Record<string, string> = {
  "Invalid email": "usersPage.validation.invalidEmail",
  "Invalid time": "usersPage.validation.invalidTime",
};

const toBody = (form: UserForm) => ({
  ...form,
  whatsappId: form.whatsappId === NO_CONNECTION ? null : form.whatsappId,
  farewellMessage: form.farewellMessage.trim() === "" ? null : form.farewellMessage,
});

export type UserErrors = Record<string, string>;

/** Field errors of the form (translated), empty when it may be sent. */
export function validateUserForm(form: UserForm, isNew: boolean): UserErrors {
  const parsed = isNew
    ? ZCreateUserRequestSchema.safeParse(toBody(form))
    : ZUpdateUserRequestSchema.safeParse(toBody(form));
  return parsed.success ? {} : fieldErrors(parsed.error, USER_MESSAGES);
}

/** The request body: the whole form for a new user; on an edit, the password only when typed. */
export function userRequest(form: UserForm, isNew: true): TCreateUserRequest;
export function userRequest(form: UserForm, isNew: false): TUpdateUserRequest;
export function userRequest(form: UserForm, isNew: boolean): TCreateUserRequest | TUpdateUserRequest {
  const body = toBody(form);
  if (isNew) return ZCreateUserRequestSchema.parse(body);
  const { password, ...rest } = body;
  return ZUpdateUserRequestSchema.parse(password === "" ? rest : body);
}

/** Which tab holds a field, so a refused save shows the tab with the error. */
export function tabOfField(field: string): "general" | "permissions" {
  return (PERMISSIONS as readonly string[]).includes(field) ? "permissions" : "general";
}

export type SaveOutcome =
  /** Saved; `avatarError` says why the picture alone was refused (the user itself is stored). */
  { ok: true; user: UserAnswer; avatarError: string | null } | { ok: false; errors: UserErrors; error: unknown };

/**
 * Creates or updates the user, then uploads the avatar when one was picked. Core's field
 * errors come back as field errors (a taken e-mail under the e-mail field).
 */
export async function saveUser(
  api: ApiClient,
  form: UserForm,
  existing: { id: number } | null,
  avatar: File | null,
): Promise<SaveOutcome> {
  let user: UserAnswer;
  try {
    user = existing
      ? await api.put<UserAnswer>(`/users/${existing.id}`, userRequest(form, false))
      : await api.post<UserAnswer>("/users", userRequest(form, true));
  } catch (error) {
    return { ok: false, errors: errorsOf(error), error };
  }
  if (avatar) {
    const data = new FormData();
    data.append(PROFILE_IMAGE_FIELD, avatar, avatar.name);
    try {
      user = await api.postForm<UserAnswer>(`/users/${user.id}/media-upload`, data);
    } catch (error) {
      return { ok: true, user, avatarError: errorsOf(error)[PROFILE_IMAGE_FIELD] ?? errorText(error) };
    }
  }
  return { ok: true, user, avatarError: null };
}

function errorsOf(error: unknown): UserErrors {
  if (!(error instanceof ApiError) || !error.body) return {};
  if (error.body.error === "ERR_EMAIL_ALREADY_EXISTS") return { email: errorText(error) };
  return serverFieldErrors(error.body.fields, USER_MESSAGES);
}
