// The super user's pages refuse everyone else with a toast and send them home after 1 s (spec 3 §2 Companies
// page, Announcements; §8 'Esta empresa não possui permissão...'; §9 redirect delays). Give it to RouteGate as
// `forbidden`.
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { showToast } from "../ui/toasts.ts";

export const REDIRECT_AWAY_MS = 1000;

export function RedirectAway({ to = "/", delayMs = REDIRECT_AWAY_MS }: { to?: string; delayMs?: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useEffect(() => {
    showToast(t("layout.planMissing"));
    const timer = setTimeout(() => navigate(to, { replace: true }), delayMs);
    return () => clearTimeout(timer);
  }, [t, navigate, to, delayMs]);
  return null;
}
