// The composer's switches above the row: private note, and signing where the company signs.
import { useTranslation } from "react-i18next";
import { Switch } from "../../ui/toggles.tsx";

export function ComposerOptions({
  isPrivate,
  onPrivate,
  sign,
  onSign,
}: {
  isPrivate: boolean;
  onPrivate: (on: boolean) => void;
  /** The agent's choice to sign, or null where the company does not sign (no switch). */
  sign: boolean | null;
  onSign: (on: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="composer-options">
      <Switch isSelected={isPrivate} onChange={onPrivate} data-testid="private-toggle">
        {t("composer.privateNote")}
      </Switch>
      {sign !== null && (
        <Switch isSelected={sign} onChange={onSign} data-testid="sign-toggle">
          {t("composer.sign")}
        </Switch>
      )}
    </div>
  );
}
