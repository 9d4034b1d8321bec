// The bell that asks for the notification permission (a browser asks only from a
// click); shown while the person has not been asked yet, gone once they answered.
import { useState } from "react";
import { Button } from "react-aria-components/Button";
import { useTranslation } from "react-i18next";
import { BellIcon } from "../ui/icons.tsx";
import { browserPushEnv } from "./push-subscription.ts";
import { enablePush } from "./pwa-data.ts";

export function EnablePushButton() {
  const { t } = useTranslation();
  const [state, setState] = useState(() => browserPushEnv().permission());
  if (state !== "default") return null;
  const enable = () =>
    void enablePush().then(setState, (err: unknown) => {
      console.warn("push subscription", err);
      setState(browserPushEnv().permission());
    });
  return (
    <Button
      className="icon-button"
      aria-label={t("layout.enableNotifications")}
      data-testid="enable-notifications"
      onPress={enable}
    >
      <BellIcon size={18} />
    </Button>
  );
}
