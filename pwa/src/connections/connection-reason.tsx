// Why a connection is down, in the admin's words (issue 22; decision 0093): the reason, when the worker tries again,
// and what to do when only a person can fix it. Shown under the status on the connections screen and the super
// user's overview.
import type { ConnectionProblem } from "@chatflow/core/contract/connection-state.ts";
import { NEEDS_NEW_TOKEN } from "@chatflow/core/contract/connection-state.ts";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";

export function ConnectionReason({
  status,
  reason,
  channel,
}: {
  status: string;
  reason: ConnectionProblem | null | undefined;
  channel: string;
}) {
  const { t, i18n } = useTranslation();
  if (!reason || status === "CONNECTED") return null;
  const retryAt = reason.retryAt ? new Date(reason.retryAt) : null;
  const time = retryAt?.toLocaleTimeString(i18n.language, { hour: "2-digit", minute: "2-digit", second: "2-digit" });
  const parts = [t("connectionState.row", { reason: t(`connectionState.reasons.${reason.reason}`) })];
  if (time && retryAt && retryAt.getTime() > Date.now()) parts.push(t("connectionState.retryAt", { time }));
  if (channel === "whatsappapi" && NEEDS_NEW_TOKEN.has(reason.reason)) parts.push(t("connectionState.fixToken"));
  return (
    <p className="connections-reason" data-testid="connection-reason" data-reason={reason.reason} title={reason.detail}>
      {parts.join(" ")}
    </p>
  );
}

/** The ticket's notice when its connection is down: with the reason once the worker or a check found one. */
export function connectionDownText(
  t: TFunction,
  whatsapp: { name: string; statusReason?: ConnectionProblem | null },
): string {
  const reason = whatsapp.statusReason;
  if (!reason) return t("ticketActions.connectionDown", { name: whatsapp.name });
  return t("connectionState.ticket", { name: whatsapp.name, reason: t(`connectionState.reasons.${reason.reason}`) });
}
