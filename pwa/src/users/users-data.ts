// The users area's data (issue 20: screens call hooks; this file owns the paths and tables). Managing users
// is admin REST (GET /users page by page, POST/PUT/DELETE /users, the avatar upload); the replica's users are
// the reference list every screen reads (owners, colleagues, selects) and the admin list shown offline.
import type { PublicUserDTO, UserDTO } from "@chatflow/core/contract/entities.ts";

/** A replica user: whole for admins, the public part (name, colour, queues) for agents. */
export type ReplicaUser = UserDTO | PublicUserDTO;

import type { ListUsersResponse, UserAnswer } from "@chatflow/core/contract/users.ts";
import { useLiveQuery } from "dexie-react-hooks";
import { useCallback } from "react";
import { usePaged } from "../api/use-paged.ts";
import { db } from "../app-db.ts";
import { api } from "../app-services.ts";
import { saveUser, type UserForm } from "./user-form.ts";

/** The replica's users; undefined while the store opens. */
export function useReplicaUsers(): ReplicaUser[] | undefined {
  return useLiveQuery(() => db.users.toArray(), []);
}

/** The replica's users in id order, [] until the store opens. */
export function useUsersById(): ReplicaUser[] {
  return useLiveQuery(() => db.users.orderBy("id").toArray(), [], []);
}

/** One user of the replica; null for no id or none found, undefined while reading. */
export function useReplicaUser(id: number | null): ReplicaUser | null | undefined {
  return useLiveQuery(async () => (id === null ? null : ((await db.users.get(id)) ?? null)), [id]);
}

/** Core's users matching `search` (lowercase, may be empty), page by page while online. */
export function useUserPages(search: string, online: boolean) {
  return usePaged<UserAnswer>(search, online, async (page) => {
    const q = new URLSearchParams({ pageNumber: String(page) });
    if (search) q.set("searchParam", search);
    const res = await api.get<ListUsersResponse>(`/users/?${q}`);
    return { items: res.users, hasMore: res.hasMore };
  });
}

export function useSaveUser() {
  return useCallback(
    (form: UserForm, existing: { id: number } | null, avatar: File | null) => saveUser(api, form, existing, avatar),
    [],
  );
}

export function useDeleteUser() {
  return useCallback(async (id: number) => {
    await api.delete(`/users/${id}`);
  }, []);
}
