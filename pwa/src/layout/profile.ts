// The profile modal's logic (spec 1 §2 Dialogs: profile modal): check the form with the
// contract's rules, save through the user update route (PUT /users/{id}, the self-editable
// fields only), then keep the stored session user in step so the app reflects it offline too.
import type { UserDTO } from "@chatflow/core/contract/entities.ts";
import { meetsPasswordPolicy } from "@chatflow/core/contract/password-policy.ts";
import { ZUserNameSchema } from "@chatflow/core/contract/users.ts";
import type { ApiClient } from "../api/http.ts";
import type { Language } from "../i18n/i18n.ts";
import type { ChatflowDb } from "../store/db.ts";
import { setMeta } from "../store/meta.ts";

export type ProfileForm = {
  name: string;
  /** Empty keeps the current password. */
  password: string;
  language: Language;
  theme: "light" | "dark";
  defaultMenu: "open" | "closed";
};

/** i18n keys of the errors, per field. */
export type ProfileErrors = { name?: string; password?: string };

const NAME_ERRORS: Record<string, string> = {
  Required: "validation.required",
  "Too Short!": "validation.tooShort",
  "Too Long!": "validation.tooLong",
};

export function validateProfile(form: ProfileForm): ProfileErrors {
  const errors: ProfileErrors = {};
  const name = ZUserNameSchema.safeParse(form.name);
  if (!name.success) errors.name = NAME_ERRORS[name.error.issues[0]?.message ?? ""] ?? "validation.required";
  if (form.password !== "" && !meetsPasswordPolicy(form.password)) errors.password = "validation.passwordPolicy";
  return errors;
}

/** The body of PUT /users/{id}: what a user may change on their own record. */
export function profileRequest(form: ProfileForm): {
  name: string;
  password?: string;
  defaultTheme: ProfileForm["theme"];
  defaultMenu: ProfileForm["defaultMenu"];
} {
  return {
    name: form.name.trim(),
    ...(form.password !== "" ? { password: form.password } : {}),
    defaultTheme: form.theme,
    defaultMenu: form.defaultMenu,
  };
}

/**
 * Saves and answers the session user to keep: the server's row, with the company (plan flags,
 * settings) of the session answer, which PUT /users does not carry.
 */
export async function saveProfile(
  deps: { api: ApiClient; db: ChatflowDb; setUser: (user: UserDTO) => void },
  current: UserDTO,
  form: ProfileForm,
): Promise<UserDTO> {
  const request = profileRequest(form);
  // Only the language changed (it lives on this device): nothing to send, so it works offline too.
  const unchanged =
    request.password === undefined &&
    request.name === current.name &&
    request.defaultTheme === current.defaultTheme &&
    request.defaultMenu === current.defaultMenu;
  if (unchanged) return current;
  const saved = await deps.api.put<UserDTO>(`/users/${current.id}`, request);
  const user: UserDTO = { ...current, ...saved, company: current.company };
  await setMeta(deps.db, "sessionUser", user);
  deps.setUser(user);
  return user;
}
