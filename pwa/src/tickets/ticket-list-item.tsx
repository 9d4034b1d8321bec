// One ticket in the list (spec 1 §2): queue colour, contact name (60), last
// message (40), time (HH:mm today, else dd/MM/yyyy), unread badge.
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { listTime, truncate } from "./format.ts";
import type { TicketRow } from "./queries.ts";

export function TicketListItem({ row, selected }: { row: TicketRow; selected: boolean }) {
  const { t } = useTranslation();
  const { ticket, contact, queue } = row;
  const unread = ticket.unreadMessages;
  return (
    <li>
      <Link
        to={`/tickets/${ticket.uuid}`}
        className="ticket-item"
        data-testid="ticket-item"
        data-ticket-id={ticket.id}
        aria-current={selected ? "page" : undefined}
      >
        <span className="ticket-item-strip" style={{ background: queue?.color ?? "var(--muted)" }} aria-hidden="true" />
        <span className="ticket-item-main">
          <span className="ticket-item-name">{truncate(contact?.name ?? t("tickets.unknownContact"), 60)}</span>
          <span className="ticket-item-last">{truncate(ticket.lastMessage, 40)}</span>
        </span>
        <span className="ticket-item-meta">
          <time dateTime={ticket.updatedAt}>{listTime(ticket.updatedAt)}</time>
          {unread > 0 && (
            <span className="badge">
              <span aria-hidden="true">{unread}</span>
              <span className="visually-hidden">{t("tickets.unread", { count: unread })}</span>
            </span>
          )}
        </span>
      </Link>
    </li>
  );
}
