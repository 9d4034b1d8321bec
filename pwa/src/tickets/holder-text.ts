// The open-ticket notice's sentence (spec 1 §4: "a notice names that user and queue").
import type { OpenTicketHolder } from "@chatflow/core/contract/tickets.ts";
import type { TFunction } from "i18next";

/** The notice's sentence, naming the holder's user and queue as far as the refusal names them. */
export function holderText(t: TFunction, holder: OpenTicketHolder): string {
  const { userName: user, queueName: queue } = holder;
  if (user && queue) return t("ticketActions.notice.userAndQueue", { user, queue });
  if (user) return t("ticketActions.notice.userOnly", { user });
  if (queue) return t("ticketActions.notice.queueOnly", { queue });
  return t("ticketActions.notice.unknown");
}
