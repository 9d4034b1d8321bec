// One ticket in the list, exactly as spec 1 §2 lists it: queue colour strip, channel icon,
// contact name (60), last message (40), time (HH:mm today, else dd/MM/yyyy), unread badge,
// connection name, group label, owner tag (admins only), the first two tags and a "+N"
// count, and a rating emoji on closed tickets (1–5). The time and the badge never shrink, so
// they stay whole on a 390 px screen; the texts give way first.
import type { Channel } from "@chatflow/core/contract/entities.ts";
import { memo } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Badge } from "../ui/badge.tsx";
import { FacebookIcon, InstagramIcon, WhatsappIcon } from "../ui/icons.tsx";
import { listTime, truncate } from "./format.ts";
import { previewText } from "./preview-text.ts";
import type { TicketListRow } from "./ticket-list-rows.ts";

/** Spec 1 §9: ratings 1 to 5 map to emoji. */
export const RATING_EMOJI: Record<number, string> = { 1: "😞", 2: "🙁", 3: "😐", 4: "🙂", 5: "😄" };

/** The list item's height: the virtual list places rows by it. */
export const TICKET_ROW_HEIGHT = 84;

function ChannelIcon({ channel }: { channel: Channel }) {
  if (channel === "facebook") return <FacebookIcon size={14} />;
  if (channel === "instagram") return <InstagramIcon size={14} />;
  return <WhatsappIcon size={14} />;
}

/**
 * Memoised: the list renders again when another conversation opens (the selection) or a count changes, and only
 * the rows whose row data or selection changed render again (the replica's live query keeps unchanged rows' objects
 * only within one answer, so a new answer renders every row in view, as before).
 */
export const TicketListItem = memo(function TicketListItem({
  row,
  selected,
  showOwner,
}: {
  row: TicketListRow;
  selected: boolean;
  /** Spec 1 §6: only admins see the ticket's owner. */
  showOwner: boolean;
}) {
  const { t } = useTranslation();
  const { ticket, contact, queue, connection, owner, tags } = row;
  const unread = ticket.unreadMessages;
  const name = truncate(contact?.name ?? t("ticketList.unknownContact"), 60);
  const rating = ticket.status === "closed" && ticket.rating !== null ? RATING_EMOJI[ticket.rating] : undefined;
  const extraTags = tags.length - 2;
  return (
    <li className="ticket-row">
      <Link
        to={`/tickets/${ticket.uuid}`}
        className="ticket-item"
        data-testid="ticket-item"
        data-ticket-id={ticket.id}
        data-remote={row.remote ? "true" : undefined}
        aria-current={selected ? "page" : undefined}
      >
        <span className="ticket-item-strip" style={{ background: queue?.color ?? "var(--muted)" }} aria-hidden="true" />
        <span className="ticket-item-main">
          <span className="ticket-item-top">
            <span className="ticket-item-channel" title={t(`ticketList.channel.${ticket.channel}`)}>
              <ChannelIcon channel={ticket.channel} />
              <span className="visually-hidden">{t(`ticketList.channel.${ticket.channel}`)}</span>
            </span>
            <span className="ticket-item-name" data-testid="ticket-item-name">
              {name}
            </span>
          </span>
          <span className="ticket-item-last" data-testid="ticket-item-last">
            {truncate(previewText(ticket.lastMessage), 40)}
          </span>
          <span className="ticket-item-labels">
            {connection && <span className="ticket-label ticket-label-connection">{connection.name}</span>}
            {ticket.isGroup && <span className="ticket-label">{t("ticketList.group")}</span>}
            {showOwner && owner && (
              <span className="ticket-label ticket-label-owner" data-testid="ticket-item-owner">
                {t("ticketList.owner", { name: owner.name })}
              </span>
            )}
            {tags.slice(0, 2).map((tag) => (
              <span
                key={tag.id}
                className="ticket-label ticket-label-tag"
                style={{ borderColor: tag.color }}
                data-testid="ticket-item-tag"
              >
                {tag.name}
              </span>
            ))}
            {extraTags > 0 && (
              <span className="ticket-label" data-testid="ticket-item-more-tags">
                <span aria-hidden="true">{t("ticketList.moreTags", { count: extraTags })}</span>
                <span className="visually-hidden">{t("ticketList.moreTagsLabel", { count: extraTags })}</span>
              </span>
            )}
          </span>
        </span>
        <span className="ticket-item-meta">
          <time dateTime={ticket.updatedAt} data-testid="ticket-item-time">
            {listTime(ticket.updatedAt)}
          </time>
          {unread > 0 && (
            <Badge tone="success" label={t("ticketList.unread", { count: unread })} data-testid="ticket-item-unread">
              {unread}
            </Badge>
          )}
          {rating && (
            <span className="ticket-item-rating" data-testid="ticket-item-rating">
              <span aria-hidden="true">{rating}</span>
              <span className="visually-hidden">{t("ticketList.rating", { rate: ticket.rating })}</span>
            </span>
          )}
        </span>
      </Link>
    </li>
  );
});
