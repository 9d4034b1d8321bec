// The conversation header (spec 1 §2 "Ticket header"): back to /tickets, the contact's name with
// #ticketId, who the ticket is assigned to and its queue, the action bar, the button that opens
// the contact drawer, and a notice when the ticket's connection is down (messages then wait).
import type { ContactDTO, TicketDTO, WhatsappDTO } from "@chatflow/core/contract/entities.ts";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useReplicaWhatsapp } from "../connections/connections-data.ts";
import { useReplicaQueue } from "../queues/queues-data.ts";
import { Avatar } from "../ui/avatar.tsx";
import { Chip } from "../ui/badge.tsx";
import { IconButton } from "../ui/button.tsx";
import { BackIcon, ErrorIcon, InfoIcon } from "../ui/icons.tsx";
import { useReplicaUser } from "../users/users-data.ts";
import { TicketActionsBar } from "./ticket-actions-bar.tsx";

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
        <p className="connection-down" role="status" data-testid="connection-down">
          <ErrorIcon size={18} />
          {t("ticketActions.connectionDown", { name: whatsapp.name })}
        </p>
      )}
      {whatsapp.sendHold && (
        // The channel holds the queue (rate-limited, restricted): messages wait, and the agent is told why.
        <p
          className="connection-down"
          role="status"
          data-testid="connection-held"
          data-reason={whatsapp.sendHold.reason}
        >
          <ErrorIcon size={18} />
          {t("sendHold.ticket", { name: whatsapp.name, reason: t(`sendHold.reasons.${whatsapp.sendHold.reason}`) })}
        </p>
      )}
    </>
  );
}

/** Below this header width the bar keeps only its main action as a button (the rest in 'more'). */
const COMPACT_WIDTH = 640;

/** Whether the element is narrower than `width` (the conversation's width, not the window's: the list and the drawer take room too). */
function useNarrowerThan(width: number) {
  const ref = useRef<HTMLElement>(null);
  const [narrower, setNarrower] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const observer = new ResizeObserver(([entry]) => setNarrower((entry?.contentRect.width ?? el.clientWidth) < width));
    observer.observe(el);
    setNarrower(el.clientWidth < width);
    return () => observer.disconnect();
  }, [width]);
  return { ref, narrower };
}

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
  const compact = useNarrowerThan(COMPACT_WIDTH);
  return (
    <>
      <header className="conversation-header" data-testid="ticket-header" ref={compact.ref}>
        <div className="ticket-header-top">
          <Link to="/tickets" className="icon-button" aria-label={t("tickets.back")} title={t("tickets.back")}>
            <BackIcon />
          </Link>
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
        <TicketActionsBar ticket={ticket} contactName={name} compact={compact.narrower} />
      </header>
      <ConnectionNotices whatsapp={whatsapp ?? null} />
    </>
  );
}
