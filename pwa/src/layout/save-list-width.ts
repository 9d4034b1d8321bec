// Saves the ticket list's width to the user's record (spec 1 §3 User.defaultTicketsManagerWidth)
// through PUT /users/{id}, and keeps the stored session user in step. Apart from profile.ts so
// the inbox's first load does not pull the form's schemas (zod).
import type { UserDTO } from "@chatflow/core/contract/entities.ts";
import type { ApiClient } from "../api/http.ts";
import type { ChatflowDb } from "../store/db.ts";
import { setMeta } from "../store/meta.ts";

export async function saveListWidth(
  deps: { api: ApiClient; db: ChatflowDb; setUser: (user: UserDTO) => void },
  current: UserDTO,
  width: number,
): Promise<UserDTO> {
  const saved = await deps.api.put<UserDTO>(`/users/${current.id}`, { defaultTicketsManagerWidth: width });
  const user: UserDTO = { ...current, defaultTicketsManagerWidth: saved.defaultTicketsManagerWidth };
  await setMeta(deps.db, "sessionUser", user);
  deps.setUser(user);
  return user;
}
