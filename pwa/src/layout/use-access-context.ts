// The context the route rules read (app-routes.ts), from the session and this browser.
import { useMemo } from "react";
import { useSessionUser } from "../auth/use-session-user.ts";
import type { AccessContext } from "./app-routes.ts";

/** spec 1 §2: campaign routes appear only when the local browser flag 'cshow' exists. */
function campaignsShown(): boolean {
  try {
    return localStorage.getItem("cshow") !== null;
  } catch {
    return false;
  }
}

export function useAccessContext(): AccessContext | null {
  const user = useSessionUser();
  // Help records are not loaded yet (no helps screen): the item stays hidden (hasHelps false).
  return useMemo(() => (user ? { user, campaignsShown: campaignsShown() } : null), [user]);
}
