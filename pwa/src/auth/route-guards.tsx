// Private routes need a session; /login is only for people without one (spec 1 §2).
import { useAtomValue } from "jotai";
import { Navigate, Outlet } from "react-router";
import { Splash } from "../ui/splash.tsx";
import { isSubscriptionExpired, sessionAtom } from "./session-state.ts";

export function RequireSession() {
  const session = useAtomValue(sessionAtom);
  if (session.status === "checking") return <Splash />;
  if (session.status === "anonymous") return <Navigate to="/login" replace />;
  return <Outlet />;
}

export function PublicOnly() {
  const session = useAtomValue(sessionAtom);
  if (session.status === "checking") return <Splash />;
  if (session.status === "authenticated") {
    // Right after login (spec 1 §4 Session): an expired subscription goes to /financeiro.
    const to = isSubscriptionExpired(session.user) ? "/financeiro" : "/tickets";
    return <Navigate to={to} replace />;
  }
  return <Outlet />;
}
