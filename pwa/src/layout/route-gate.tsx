// Wraps each private route: the route list (app-routes.ts) decides whether this person may
// open it under this plan and subscription, and this shows the screen, the 403 page, the
// not-found page, or sends them on with a reason.
import { type ReactNode, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Navigate } from "react-router";
import { useSessionUser } from "../auth/use-session-user.ts";
import { showToast } from "../ui/toasts.ts";
import { decideRoute, routeById } from "./app-routes.ts";
import { lazyScreen } from "./screen-loader.ts";
import { useAccessContext } from "./use-access-context.ts";

// Rarely seen: their code loads only when needed (the gate itself is in the first load).
const AccessDeniedPage = lazyScreen(() => import("./status-pages.tsx"), "AccessDeniedPage");
export const NotFoundPage = lazyScreen(() => import("./status-pages.tsx"), "NotFoundPage");

/**
 * `notBuilt` may be replaced (a route may send people elsewhere instead of a not-found page);
 * so may `forbidden` (spec 2 §2: /allConnections
 * sends everyone but the super user to /tickets).
 */
export function RouteGate({
  id,
  children,
  notBuilt,
  forbidden,
  planMissing,
}: {
  id: string;
  children?: ReactNode;
  notBuilt?: ReactNode;
  forbidden?: ReactNode;
  /** Replaces the plan-flag refusal (spec 3 §6 pages: the toast, then / after 1 s: RedirectAway). */
  planMissing?: ReactNode;
}) {
  const user = useSessionUser();
  const ctx = useAccessContext();
  if (!user || !ctx) return null;
  const decision = decideRoute(routeById(id), ctx);
  if (decision === "expired") return <Navigate to="/financeiro" replace />;
  if (decision === "forbidden") return forbidden ?? <AccessDeniedPage />;
  if (decision === "plan") return planMissing ?? <PlanMissing />;
  if (decision === "notBuilt") return notBuilt ?? <NotFoundPage />;
  return <>{children}</>;
}

/** spec 3 §6: a toast says the plan lacks the page, then the person goes to the inbox. */
function PlanMissing() {
  const { t } = useTranslation();
  useEffect(() => showToast(t("layout.planMissing")), [t]);
  return <Navigate to="/tickets" replace />;
}
