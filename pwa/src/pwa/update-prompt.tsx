// Tells the person when a new version of the app is waiting (registerType
// "prompt": the service worker never swaps code under someone mid-reply).

import { useRegisterSW } from "virtual:pwa-register/react";
import { useEffect } from "react";
import { Button } from "react-aria-components/Button";
import { useTranslation } from "react-i18next";
import { showToast } from "../ui/toasts.ts";

export function UpdatePrompt() {
  const { t } = useTranslation();
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    offlineReady: [offlineReady, setOfflineReady],
    updateServiceWorker,
  } = useRegisterSW();

  useEffect(() => {
    if (!offlineReady) return;
    showToast(t("pwa.offlineReady"), "info");
    setOfflineReady(false);
  }, [offlineReady, setOfflineReady, t]);

  if (!needRefresh) return null;
  return (
    <div className="update-prompt" role="status" data-testid="update-prompt">
      <span>{t("pwa.updateAvailable")}</span>
      <Button className="button primary" onPress={() => void updateServiceWorker(true)}>
        {t("pwa.reload")}
      </Button>
      <Button className="button" onPress={() => setNeedRefresh(false)}>
        {t("pwa.close")}
      </Button>
    </div>
  );
}
