// The pages that say why a screen is not shown: 403 (spec 1 §2 'Oops! Acesso Negado!' with
// 'Voltar' to /tickets) and not found (an unknown or not yet built route: said, never a
// silent redirect).
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";
import { Button } from "../ui/button.tsx";
import { EmptyState } from "../ui/empty-state.tsx";
import { CompassIcon, LockIcon } from "../ui/icons.tsx";

export function AccessDeniedPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="status-page" data-testid="access-denied">
      <EmptyState
        level={1}
        icon={<LockIcon size={56} />}
        title={t("accessDenied.title")}
        action={
          <Button variant="primary" onPress={() => navigate("/tickets")} data-testid="access-denied-back">
            {t("accessDenied.back")}
          </Button>
        }
      >
        {t("accessDenied.text")}
      </EmptyState>
    </div>
  );
}

export function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return (
    <div className="status-page" data-testid="not-found">
      <EmptyState
        level={1}
        icon={<CompassIcon size={56} />}
        title={t("notFound.title")}
        action={
          <Button variant="primary" onPress={() => navigate("/tickets")} data-testid="not-found-back">
            {t("notFound.back")}
          </Button>
        }
      >
        {t("notFound.text", { path: pathname })}
      </EmptyState>
    </div>
  );
}
