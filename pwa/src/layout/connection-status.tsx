// Online/offline and how many changes wait in the outbox, so the agent knows
// whether what they typed has reached the server yet.
import { useTranslation } from "react-i18next";
import { ClockIcon } from "../ui/icons.tsx";
import { usePendingChanges } from "./layout-data.ts";
import { useOnline } from "./use-online.ts";

export function ConnectionStatus() {
  const { t } = useTranslation();
  const online = useOnline();
  const pending = usePendingChanges();
  return (
    <div className="connection-status">
      <span
        className={`online-status ${online ? "is-online" : "is-offline"}`}
        data-testid="online-status"
        data-online={online ? "true" : "false"}
        role="status"
      >
        <span className="dot" aria-hidden="true" />
        <span className="online-label">{online ? t("layout.online") : t("layout.offline")}</span>
      </span>
      <span className="outbox" title={t("layout.outbox")} data-pending={pending > 0 ? "true" : "false"}>
        <ClockIcon size={16} />
        <span className="visually-hidden">{t("layout.outbox")}: </span>
        <span data-testid="outbox-count" data-count={pending}>
          {pending}
        </span>
      </span>
    </div>
  );
}
