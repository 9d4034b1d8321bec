// Asking for the notification permission (a browser asks only from a press): one line with a button inside the
// top bar's notifications popover, shown while the person has not been asked yet and gone once they answered. The
// bell carries a dot meanwhile, so there is one bell, not two (decision 0087).
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../ui/button.tsx";
import { BellIcon } from "../ui/icons.tsx";
import { browserPushEnv, type PushState } from "./push-subscription.ts";
import { enablePush } from "./pwa-data.ts";

/** The permission as it stands, and `enable` to ask for it (then subscribe). */
export function usePushPermission(): { permission: PushState; enable: () => void } {
  const [permission, setPermission] = useState(() => browserPushEnv().permission());
  const enable = () =>
    void enablePush().then(setPermission, (err: unknown) => {
      console.warn("push subscription", err);
      setPermission(browserPushEnv().permission());
    });
  return { permission, enable };
}

export function EnablePushButton({ onEnable }: { onEnable: () => void }) {
  const { t } = useTranslation();
  return (
    <Button
      variant="secondary"
      size="small"
      icon={<BellIcon size={18} />}
      className="enable-notifications"
      data-testid="enable-notifications"
      onPress={onEnable}
    >
      {t("layout.enableNotifications")}
    </Button>
  );
}
