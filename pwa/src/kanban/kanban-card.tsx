// One ticket card of the board (spec 2 §2 Kanban): contact name and number (masked for plain users by core's
// presenters before it reaches the replica), last message, unread count, updated time, channel, connection, user
// and tags. It moves by drag and drop, by the arrow keys while focused, or through its 'Mover para...' menu.
import type { KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { listTime } from "../tickets/format.ts";
import type { TicketListRow } from "../tickets/ticket-list-rows.ts";
import { Avatar } from "../ui/avatar.tsx";
import { Badge, Chip } from "../ui/badge.tsx";
import { IconButton } from "../ui/button.tsx";
import { ChatIcon, FacebookIcon, InstagramIcon, MoreIcon, WhatsappIcon } from "../ui/icons.tsx";
import { Menu, MenuItem, MenuTrigger } from "../ui/menu.tsx";
import type { Lane } from "./board.ts";

/** The ticket id a dragged card carries. */
export const CARD_DRAG_TYPE = "application/x-chatflow-ticket";

const channelIcon = (channel: string) =>
  channel === "facebook" ? (
    <FacebookIcon size={14} />
  ) : channel === "instagram" ? (
    <InstagramIcon size={14} />
  ) : (
    <WhatsappIcon size={14} />
  );

export function KanbanCard({
  row,
  lane,
  lanes,
  onMove,
}: {
  row: TicketListRow;
  lane: Lane;
  lanes: Lane[];
  onMove: (row: TicketListRow, toLaneId: number) => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { ticket } = row;
  const name = row.contact?.name ?? `#${ticket.id}`;
  const index = lanes.findIndex((l) => l.id === lane.id);
  const hintId = `kanban-card-hint-${ticket.id}`;

  function onKeyDown(e: KeyboardEvent<HTMLElement>) {
    if (e.target !== e.currentTarget) return;
    const step = e.key === "ArrowRight" ? 1 : e.key === "ArrowLeft" ? -1 : 0;
    const to = lanes[index + step];
    if (step === 0 || !to) return;
    e.preventDefault();
    onMove(row, to.id);
  }

  return (
    // A focusable card: the arrow keys move it between lanes; its buttons act on it.
    <article
      className="kanban-card"
      data-testid="kanban-card"
      data-ticket-id={ticket.id}
      aria-label={t("kanban.card.label", { name })}
      aria-describedby={hintId}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the card itself takes the arrow keys (its hint says so)
      tabIndex={0}
      draggable
      onDragStart={(e) => {
        e.dataTransfer.setData(CARD_DRAG_TYPE, String(ticket.id));
        e.dataTransfer.setData("text/plain", String(ticket.id));
        e.dataTransfer.effectAllowed = "move";
      }}
      onKeyDown={onKeyDown}
    >
      <span id={hintId} hidden>
        {t("kanban.card.keyboardHint")}
      </span>
      <div className="kanban-card-head">
        <Avatar name={name} src={row.contact?.urlPicture ?? null} size={32} />
        <div className="kanban-card-who">
          <span className="kanban-card-name" data-testid="kanban-card-name">
            {name}
          </span>
          <span className="kanban-card-number" data-testid="kanban-card-number">
            {row.contact?.number ?? ""}
          </span>
        </div>
        <time className="kanban-card-time" dateTime={ticket.updatedAt}>
          {listTime(ticket.updatedAt)}
        </time>
      </div>
      <p className="kanban-card-message">{ticket.lastMessage}</p>
      <div className="kanban-card-meta">
        <span className="kanban-card-channel" title={ticket.channel}>
          {channelIcon(ticket.channel)}
          <span>{row.connection ? t("kanban.card.connection", { name: row.connection.name }) : ticket.channel}</span>
        </span>
        <span className="kanban-card-user">
          {row.owner ? t("kanban.card.user", { name: row.owner.name }) : t("kanban.card.noUser")}
        </span>
        {ticket.unreadMessages > 0 && (
          <Badge tone="success" label={t("kanban.card.unread", { count: ticket.unreadMessages })}>
            {ticket.unreadMessages}
          </Badge>
        )}
      </div>
      {row.tags.length > 0 && (
        <div className="kanban-card-tags">
          {row.tags.map((tag) => (
            <Chip key={tag.id} color={tag.color}>
              {tag.name}
            </Chip>
          ))}
        </div>
      )}
      <div className="kanban-card-actions">
        <IconButton label={t("kanban.card.open")} onPress={() => navigate(`/tickets/${ticket.uuid}`)}>
          <ChatIcon size={18} />
        </IconButton>
        <MenuTrigger>
          <IconButton label={t("kanban.card.moveTo")} data-testid="kanban-card-move">
            <MoreIcon size={18} />
          </IconButton>
          <Menu
            label={t("kanban.card.moveMenu", { name })}
            onAction={(key) => onMove(row, Number(key))}
            disabledKeys={[String(lane.id)]}
          >
            {lanes.map((l) => (
              <MenuItem key={l.id} id={String(l.id)}>
                {l.name}
              </MenuItem>
            ))}
          </Menu>
        </MenuTrigger>
      </div>
    </article>
  );
}
