// The conversation header (spec 1 §2 "Ticket header"), one row of at most 64 px on a phone (decision 0088):
// back to the list (a history step, pane-history.ts), the contact's name with
// #ticketId, who the ticket is assigned to and its queue, the action bar, the button that opens
// the contact drawer, and a notice when the ticket's connection is down (messages then wait).
import type { ContactDTO, TicketDTO, WhatsappDTO } from "@chatflow/core/contract/entities.ts";
import { useTranslation } from "react-i18next";
import { connectionDownText } from "../connections/connection-reason.tsx";
import { useReplicaWhatsapp } from "../connections/connections-data.ts";
import { useReplicaQueue } from "../queues/queues-data.ts";
import { Avatar } from "../ui/avatar.tsx";
import { Chip } from "../ui/badge.tsx";
import { IconButton } from "../ui/button.tsx";
import { BackIcon, ErrorIcon, InfoIcon } from "../ui/icons.tsx";
import { NARROW_QUERY, useMediaQuery } from "../ui/use-media-query.ts";
import { useReplicaUser } from "../users/users-data.ts";
import { NoticeLine } from "./notice-line.tsx";
import { useBackToList } from "./pane-history.ts";
import { TicketActionsBar } from "./ticket-actions-bar.tsx";
import { useElementWidth } from "./use-element-width.ts";

/** Connection states in which nothing goes out (spec 1 §3: anything but CONNECTED shows offline). */
export function connectionDown(whatsapp: { status: string } | null | undefined): boolean {
  return whatsapp !== null && whatsapp !== undefined && whatsapp.status !== "CONNECTED";
}

/**
 * What the ticket's connection means for sending: down (messages wait until it is back), or held by the channel
 * (rate-limited, restricted: messages wait, and why; decision 0053).
 */
export function ConnectionNotices({ whatsapp }: { whatsapp: WhatsappDTO | null }) {
  const { t } = useTranslation();
  if (!whatsapp) return null;
  return (
    <>
      {connectionDown(whatsapp) && (
        <NoticeLine className="connection-down" icon={<ErrorIcon size={18} />} data-testid="connection-down">
          {connectionDownText(t, whatsapp)}
        </NoticeLine>
      )}
      {whatsapp.sendHold && (
        // The channel holds the queue (rate-limited, restricted): messages wait, and the agent is told why.
        <NoticeLine
          className="connection-down"
          icon={<ErrorIcon size={18} />}
          data-testid="connection-held"
          data-reason={whatsapp.sendHold.reason}
        >
          {t("sendHold.ticket", { name: whatsapp.name, reason: t(`sendHold.reasons.${whatsapp.sendHold.reason}`) })}
        </NoticeLine>
      )}
    </>
  );
}

/** Below this header width the bar keeps only its main action as a button (the rest in 'more'). */
const COMPACT_WIDTH = 640;

export function TicketHeader({
  ticket,
  contact,
  drawerOpen,
  onToggleDrawer,
  drawerId,
}: {
  ticket: TicketDTO;
  contact: ContactDTO | null;
  drawerOpen: boolean;
  onToggleDrawer: () => void;
  drawerId: string;
}) {
  const { t } = useTranslation();
  const owner = useReplicaUser(ticket.userId);
  const queue = useReplicaQueue(ticket.queueId);
  const whatsapp = useReplicaWhatsapp(ticket.whatsappId);
  const name = contact?.name ?? t("tickets.unknownContact");
  // The header's own width, not the window's: the list and the drawer take room too. A phone's header is never
  // as wide as COMPACT_WIDTH: it is compact from the first render (measuring would render the full bar first, then
  // the compact one, before the first paint).
  const header = useElementWidth<HTMLElement>();
  const phone = useMediaQuery(NARROW_QUERY);
  const compact = phone || (header.width > 0 && header.width < COMPACT_WIDTH);
  const backToList = useBackToList();
  return (
    <>
      <header className="conversation-header" data-testid="ticket-header" ref={phone ? undefined : header.ref}>
        <div className="ticket-header-top">
          <IconButton label={t("tickets.back")} onPress={backToList} data-testid="ticket-back">
            <BackIcon />
          </IconButton>
          <Avatar name={name} src={contact?.urlPicture} size={36} />
          <div className="ticket-header-text">
            <h2 className="ticket-header-title">
              <span className="ticket-header-name">{name}</span> <span className="ticket-number">#{ticket.id}</span>
            </h2>
            <p className="ticket-header-meta">
              <span data-testid="ticket-assigned">
                {ticket.userId === null
                  ? t("ticketActions.unassigned")
                  : owner
                    ? t("ticketActions.assignedTo", { name: owner.name })
                    : ""}
              </span>
              {queue ? (
                <Chip color={queue.color} className="ticket-header-queue">
                  {queue.name}
                </Chip>
              ) : (
                <Chip className="ticket-header-queue">{t("ticketActions.noQueue")}</Chip>
              )}
            </p>
          </div>
          <IconButton
            label={t("contactDrawer.open")}
            onPress={onToggleDrawer}
            aria-expanded={drawerOpen}
            aria-controls={drawerOpen ? drawerId : undefined}
            data-testid="contact-drawer-toggle"
          >
            <InfoIcon />
          </IconButton>
        </div>
        <TicketActionsBar ticket={ticket} contactName={name} compact={compact} />
      </header>
      <ConnectionNotices whatsapp={whatsapp ?? null} />
    </>
  );
}
