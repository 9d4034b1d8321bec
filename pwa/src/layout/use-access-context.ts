// The context the route rules read (app-routes.ts), from the session and this browser.
import { useMemo } from "react";
import { useSessionUser } from "../auth/use-session-user.ts";
import { useHasHelps } from "../helps/helps-presence.ts";
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
  // spec 1 §2: the helps item (and /helps) only while help records exist (helps-presence.ts).
  const helps = useHasHelps();
  return useMemo(() => (user ? { user, campaignsShown: campaignsShown(), hasHelps: helps } : null), [user, helps]);
}
