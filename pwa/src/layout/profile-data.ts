// The profile's data (issue 20: screens call hooks; this file owns the API and tables). Apart from
// layout-data.ts so the shell does not pull the profile form's schemas (zod) on its first load.
import type { UserDTO } from "@chatflow/core/contract/entities.ts";
import { db } from "../app-db.ts";
import { api, sessionDeps } from "../app-services.ts";
import { type ProfileForm, saveProfile } from "./profile.ts";

/** Saves the signed-in user's profile (PUT /users/{id}) and keeps the stored session user in step. */
export function saveMyProfile(user: UserDTO, form: ProfileForm) {
  return saveProfile(
    { api, db, setUser: (u) => sessionDeps.setState({ status: "authenticated", user: u }) },
    user,
    form,
  );
}
