// Shown while a screen's code or the stored session loads; usually for a blink.
import { useTranslation } from "react-i18next";

export function Splash() {
  const { t } = useTranslation();
  return (
    <div className="splash" role="status">
      {t("app.loading")}
    </div>
  );
}
