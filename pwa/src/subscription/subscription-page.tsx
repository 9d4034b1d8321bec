// /subscription (spec 3 §2 Subscription page, §4): read-only. The licence's days left ('Sua licença vence em
// N dias!' or 'hoje'), from the session's due date (works offline); the billing e-mail, from GET /companies/{id}
// (kept for offline reading); 'Assine Agora!' opens the invoices at /financeiro.
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useSessionUser } from "../auth/use-session-user.ts";
import { localToday } from "../companies/company-form.ts";
import { useOnline } from "../layout/use-online.ts";
import { formatDate } from "../tickets/format.ts";
import { Button } from "../ui/button.tsx";
import { ListPage } from "../ui/list-page.tsx";
import { useCompanyEmail } from "./subscription-data.ts";
import { licenceText } from "./subscription-licence.ts";
import "./subscription.css";

export function SubscriptionPage() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const online = useOnline();
  const navigate = useNavigate();
  const companyId = user?.companyId;
  const email = useCompanyEmail(companyId, online);
  if (!user) return null;
  const due = user.company?.dueDate ?? null;
  const licence = licenceText(due, localToday());
  const dueText = due ? formatDate(new Date(`${due.slice(0, 10)}T00:00:00`)) : "";
  return (
    <ListPage className="subscription-page" data-testid="subscription-page" title={t("subscriptionPage.title")}>
      <section className="subscription-card" aria-labelledby="subscription-licence">
        <h2 id="subscription-licence" className="subscription-heading">
          {t("subscriptionPage.licence")}
        </h2>
        <p className="subscription-days" data-testid="subscription-days">
          {t(`subscriptionPage.${licence.key}`, { count: licence.count, date: dueText })}
        </p>
        {due && licence.key !== "never" && <p>{t("subscriptionPage.dueOn", { date: dueText })}</p>}
        <h2 className="subscription-heading">{t("subscriptionPage.billingEmail")}</h2>
        <p data-testid="subscription-email">
          {email === undefined
            ? online
              ? "…"
              : t("subscriptionPage.emailNeedsConnection")
            : (email ?? t("subscriptionPage.noEmail"))}
        </p>
        <Button variant="primary" onPress={() => navigate("/financeiro")} data-testid="subscription-subscribe">
          {t("subscriptionPage.subscribe")}
        </Button>
      </section>
    </ListPage>
  );
}
