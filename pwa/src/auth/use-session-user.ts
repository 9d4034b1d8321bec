// The signed-in user, for screens that only render inside RequireSession.
import type { UserDTO } from "@chatflow/core/contract/entities.ts";
import { useAtomValue } from "jotai";
import { sessionAtom } from "./session-state.ts";

export function useSessionUser(): UserDTO | null {
  const session = useAtomValue(sessionAtom);
  return session.status === "authenticated" ? session.user : null;
}
