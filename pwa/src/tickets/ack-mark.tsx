// Delivery marks (spec 1 §2): 0 clock, 1 tick, 2 double tick, 3+ highlighted
// double tick, -1 failed. A message still in this device's outbox (core has not accepted
// it yet) shows the clock too, named 'Na fila de envio'.
import type { Ack } from "@chatflow/core/contract/entities.ts";
import { useTranslation } from "react-i18next";
import { CheckIcon, ClockIcon, DoubleCheckIcon, ErrorIcon } from "../ui/icons.tsx";

export function AckMark({ ack, queued = false }: { ack: Ack; queued?: boolean }) {
  const { t } = useTranslation();
  const [label, icon, tone] =
    ack === 0 && queued
      ? [t("messageView.queued"), <ClockIcon key="i" size={14} />, "ack-queued"]
      : ack < 0
        ? [t("messages.ack.failed"), <ErrorIcon key="i" size={14} />, "ack-failed"]
        : ack === 0
          ? [t("messages.ack.pending"), <ClockIcon key="i" size={14} />, "ack-pending"]
          : ack === 1
            ? [t("messages.ack.sent"), <CheckIcon key="i" size={14} />, "ack-sent"]
            : ack === 2
              ? [t("messages.ack.delivered"), <DoubleCheckIcon key="i" size={14} />, "ack-delivered"]
              : [t("messages.ack.read"), <DoubleCheckIcon key="i" size={14} />, "ack-read"];
  return (
    <span className={`ack ${tone}`} role="img" aria-label={label} title={label}>
      {icon}
    </span>
  );
}
