// A busy indicator with an accessible name ('Carregando...'): a react-aria ProgressBar
// without a value, so screen readers hear that something is loading.
import { ProgressBar } from "react-aria-components/ProgressBar";
import { useTranslation } from "react-i18next";

export function Spinner({ label, size = 24 }: { label?: string; size?: number }) {
  const { t } = useTranslation();
  return (
    <ProgressBar isIndeterminate aria-label={label ?? t("app.loading")} className="spinner">
      <span className="spinner-ring" style={{ width: size, height: size }} aria-hidden="true" />
    </ProgressBar>
  );
}
