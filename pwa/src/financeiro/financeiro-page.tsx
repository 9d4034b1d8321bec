// Placeholder for /financeiro (document 3); for now it carries the expiry notice
// that login sends people here with.
import { useTranslation } from "react-i18next";
import { isSubscriptionExpired } from "../auth/session-state.ts";
import { useSessionUser } from "../auth/use-session-user.ts";
import { formatDate } from "../tickets/format.ts";

export function FinanceiroPage() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const due = user?.company?.dueDate;
  const expired = user ? isSubscriptionExpired(user) : false;
  return (
    <div className="page">
      <h1>{t("financeiro.title")}</h1>
      {expired && due && (
        <p className="notice notice-error" role="alert">
          {t("financeiro.expired", { date: formatDate(new Date(`${due.slice(0, 10)}T00:00:00`)) })}
        </p>
      )}
      <p>{t("financeiro.placeholder")}</p>
    </div>
  );
}
