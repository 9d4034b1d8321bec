// In the user modal (decision 0113): whether the user has two-factor sign-in on, and the admin's reset (with a
// confirmation). Shown only when core answers: another company's or the super user's record says nothing here.
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { resetUserTwoFactor, useUserTwoFactor } from "../auth/two-factor-data.ts";
import { Button } from "../ui/button.tsx";
import { ConfirmDialog } from "../ui/dialog.tsx";
import { showToast } from "../ui/toasts.ts";

export function UserTwoFactor({ userId, name }: { userId: number; name: string }) {
  const { t } = useTranslation();
  const status = useUserTwoFactor(userId);
  const [confirming, setConfirming] = useState(false);
  if (!status.data) return null;
  return (
    <div className="user-two-factor" data-testid="user-two-factor">
      <span data-testid="user-two-factor-state">
        {t(status.data.enabled ? "twoFactor.adminOn" : "twoFactor.adminOff")}
      </span>
      {status.data.enabled && (
        <Button size="small" variant="danger" onPress={() => setConfirming(true)} data-testid="user-two-factor-reset">
          {t("twoFactor.adminReset")}
        </Button>
      )}
      <ConfirmDialog
        isOpen={confirming}
        onOpenChange={setConfirming}
        title={t("twoFactor.adminReset")}
        confirmLabel={t("twoFactor.adminReset")}
        onConfirm={async () => {
          await resetUserTwoFactor(userId);
          showToast(t("twoFactor.adminResetDone"), "info");
          await status.reload();
        }}
        data-testid="user-two-factor-confirm"
      >
        {t("twoFactor.adminResetText", { name })}
      </ConfirmDialog>
    </div>
  );
}
