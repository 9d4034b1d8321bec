// Private routes need a session; /login is only for people without one (spec 1 §2).
import type { UserDTO } from "@chatflow/core/contract/entities.ts";
import { useAtomValue } from "jotai";
import { useEffect, useState } from "react";
import { Navigate, Outlet, useLocation } from "react-router";
import { landingPath, mayGetStarted, safeNext } from "../getting-started/setup-steps.ts";
import { Splash } from "../ui/splash.tsx";
import { sessionAtom } from "./session-state.ts";

export function RequireSession() {
  const session = useAtomValue(sessionAtom);
  if (session.status === "checking") return <Splash />;
  if (session.status === "anonymous") return <Navigate to="/login" replace />;
  return <Outlet />;
}

export function PublicOnly() {
  const session = useAtomValue(sessionAtom);
  if (session.status === "checking") return <Splash />;
  if (session.status === "authenticated") return <Landing user={session.user} />;
  return <Outlet />;
}

/**
 * Right after login: an expired subscription goes to /financeiro (spec 1 §4 Session), the super user to
 * /companies, a new company's admin to the checklist (getting-started/setup-steps.ts, decision 0091), others to
 * /tickets; `/login?next=<path>` goes to that path instead. The checklist's rule reads the company's lists, so its
 * code loads only now, off the first screen.
 */
function Landing({ user }: { user: UserDTO }) {
  // `/login?next=/tickets`: where the person asked to go, when it is a path of this app.
  const next = safeNext(new URLSearchParams(useLocation().search).get("next"));
  // Only a company admin's landing needs the lists; everyone else's is known at once.
  const quick = mayGetStarted(user) && !next ? null : landingPath(user, null, false, new Date(), next);
  const [to, setTo] = useState<string | null>(quick);
  useEffect(() => {
    if (quick) return;
    let live = true;
    void Promise.all([import("../getting-started/landing.ts"), import("../app-services.ts")])
      .then(([landing, services]) => landing.decideLanding(user, services.api))
      .catch(() => "/tickets")
      .then((path) => live && setTo(path));
    return () => {
      live = false;
    };
  }, [user, quick]);
  return to ? <Navigate to={to} replace /> : <Splash />;
}
