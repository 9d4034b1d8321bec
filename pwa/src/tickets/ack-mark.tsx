// Delivery marks (spec 1 §2: 0 clock, 1 tick, 2 double tick, 3+ highlighted double tick, -1 failed), with the three
// places an outgoing message can be told apart by sight and by name (issue 21): still in this device's outbox (the
// upload arrow: core has not got it), on the server waiting for the channel (the spec's clock), and sent by the
// channel (the ticks). message-state.ts decides which; a failed one shows the error mark.
import type { Ack } from "@chatflow/core/contract/entities.ts";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { CheckIcon, ClockIcon, DoubleCheckIcon, ErrorIcon, UploadIcon } from "../ui/icons.tsx";
import { type DeliveryState, deliveryState } from "./message-view/message-state.ts";

const ICONS: Record<DeliveryState, ReactNode> = {
  queued: <UploadIcon size={14} />,
  accepted: <ClockIcon size={14} />,
  sent: <CheckIcon size={14} />,
  delivered: <DoubleCheckIcon size={14} />,
  read: <DoubleCheckIcon size={14} />,
  failed: <ErrorIcon size={14} />,
};

export function AckMark({ ack, queued = false }: { ack: Ack; queued?: boolean }) {
  const { t } = useTranslation();
  const state = deliveryState({ ack }, queued);
  const label = t(`deliveryState.${state}`);
  return (
    <span
      className={`ack ack-${state}`}
      role="img"
      aria-label={label}
      title={label}
      data-testid="ack-mark"
      data-state={state}
    >
      {ICONS[state]}
    </span>
  );
}
