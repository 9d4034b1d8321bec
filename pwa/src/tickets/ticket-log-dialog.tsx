// The ticket log timeline (spec 1 §2 Dialogs, §3 Ticket log entry, §7 GET /tickets-log/{ticketId}):
// oldest first, each entry's kind, who and which queue. Read over REST and kept for offline reading.
import { TICKET_LOG_TYPES } from "@chatflow/core/contract/tickets.ts";
import { useTranslation } from "react-i18next";
import { Modal } from "../ui/dialog.tsx";
import { Spinner } from "../ui/spinner.tsx";
import { formatDate, formatTime } from "./format.ts";
import { useTicketLog } from "./use-drawer-data.ts";

const KNOWN = new Set<string>(TICKET_LOG_TYPES);

export function TicketLogDialog({
  ticketId,
  refreshKey,
  onOpenChange,
}: {
  ticketId: number;
  /** Changes when the ticket changes (its updatedAt): the log is read again. */
  refreshKey: string;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const log = useTicketLog(ticketId, refreshKey);
  return (
    <Modal
      isOpen
      onOpenChange={onOpenChange}
      title={t("contactDrawer.log.title", { id: ticketId })}
      data-testid="ticket-log-dialog"
    >
      {log.value === undefined ? (
        log.missing ? (
          <p className="dialog-message">{t("contactDrawer.notHeld")}</p>
        ) : (
          <Spinner />
        )
      ) : log.value.length === 0 ? (
        <p className="dialog-message">{t("contactDrawer.log.empty")}</p>
      ) : (
        <ol className="ticket-log" data-testid="ticket-log">
          {log.value.map((entry) => {
            const when = new Date(entry.createdAt);
            return (
              <li key={entry.id} className="ticket-log-entry" data-type={entry.type}>
                <span className="ticket-log-type">
                  {KNOWN.has(entry.type) ? t(`contactDrawer.log.types.${entry.type}`) : entry.type}
                </span>
                <span className="ticket-log-meta">
                  {entry.user?.name ?? t("contactDrawer.log.system")}
                  {entry.queue ? ` · ${entry.queue.name}` : ""} · {formatDate(when)} {formatTime(when)}
                </span>
              </li>
            );
          })}
        </ol>
      )}
    </Modal>
  );
}
