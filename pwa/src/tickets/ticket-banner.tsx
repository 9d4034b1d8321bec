// The start of a ticket's conversation: its number and queue, in the queue's colour.
import type { QueueDTO, TicketDTO } from "@chatflow/core/contract/entities.ts";
import { useTranslation } from "react-i18next";

export function TicketBanner({ ticket, queue }: { ticket: TicketDTO; queue: QueueDTO | null | undefined }) {
  const { t } = useTranslation();
  return (
    <div className={`ticket-banner${queue ? "" : " no-queue"}`} data-testid="ticket-banner">
      <span style={queue ? { borderColor: queue.color } : undefined}>
        {t("messageView.ticketBanner", { id: ticket.id, queue: queue?.name ?? t("messageView.noQueue") })}
      </span>
    </div>
  );
}
