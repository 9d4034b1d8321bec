// spec 3 §2 "Announcements": a visitor who is not the super user gets the error toast and is sent to / after 1 s
// (the route gate's 403 page is replaced for this route, app.tsx).
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { showToast } from "../ui/toasts.ts";

export const DENIED_REDIRECT_MS = 1_000;

export function DeniedToHome() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useEffect(() => {
    showToast(t("layout.planMissing"));
    const timer = setTimeout(() => navigate("/", { replace: true }), DENIED_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [t, navigate]);
  return null;
}
