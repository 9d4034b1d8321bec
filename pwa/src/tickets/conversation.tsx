// The conversation at /tickets/:uuid: header (with the action bar), messages, the reply box
// where a reply is allowed (else what to do instead), and the contact drawer. On a phone the
// drawer is a full-screen sheet and a history entry (Back closes it); on a desk it sits beside
// the conversation where both fit and lies over its messages where they do not (decision 0088).
import { useCallback, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { useSessionUser } from "../auth/use-session-user.ts";
import { useReplicaContact } from "../contacts/contacts-data.ts";
import { Splash } from "../ui/splash.tsx";
import { NARROW_QUERY, useMediaQuery } from "../ui/use-media-query.ts";
import { ContactDrawer } from "./contact-drawer.tsx";
import { ConversationHeldNotice } from "./conversation-held-notice.tsx";
import { drawerPlacement } from "./conversation-layout.ts";
import { FileDropZone } from "./drop-zone.tsx";
import { useKeyboardInset } from "./keyboard-inset.ts";
import { MessageInput } from "./message-input.tsx";
import { MessageList } from "./message-list.tsx";
import { useDrawerEntry } from "./pane-history.ts";
import { ReplyGate } from "./reply-gate.tsx";
import { TicketHeader } from "./ticket-header.tsx";
import "./ticket-header.css";
import { replyAllowed } from "./ticket-rules.ts";
import { useTicketByUuid } from "./tickets-data.ts";
import { useElementWidth } from "./use-element-width.ts";

/** The contact drawer's open state: a history entry on a phone, the screen's own state on a desk. */
function useContactDrawer(phone: boolean) {
  const entry = useDrawerEntry();
  const [deskOpen, setDeskOpen] = useState(false);
  if (phone)
    return { open: entry.open, toggle: entry.open ? entry.closeDrawer : entry.openDrawer, close: entry.closeDrawer };
  return { open: deskOpen, toggle: () => setDeskOpen((open) => !open), close: () => setDeskOpen(false) };
}

export function Conversation() {
  const { t } = useTranslation();
  const { uuid = "" } = useParams();
  const user = useSessionUser();
  const drawerId = useId();
  const phone = useMediaQuery(NARROW_QUERY);
  const drawer = useContactDrawer(phone);
  const ticket = useTicketByUuid(uuid);
  const contact = useReplicaContact(ticket?.contactId ?? null);
  const measured = useElementWidth<HTMLDivElement>();
  const followKeyboard = useKeyboardInset();
  const measure = measured.ref;
  // A phone's drawer is a sheet whatever the width (drawerPlacement): measuring there would only render the
  // conversation a second time before its first paint. Turning to a desk width swaps the ref, which measures then.
  const frame = useCallback(
    (el: HTMLDivElement | null) => {
      if (!phone) measure(el);
      followKeyboard(el);
    },
    [phone, measure, followKeyboard],
  );

  if (ticket === undefined) return <Splash />;
  if (ticket === null) {
    // Not (yet) in this replica: it may arrive with the next pull, which re-renders this.
    return (
      <div className="no-ticket">
        <p>{t("tickets.invalidTicket")}</p>
        <Link to="/tickets">{t("tickets.back")}</Link>
      </div>
    );
  }
  const contactName = contact?.name ?? t("tickets.unknownContact");
  const canReply = replyAllowed(ticket, user);
  const placement = drawerPlacement(phone, measured.width);
  const contactDrawer = drawer.open && contact && (
    <ContactDrawer id={drawerId} ticket={ticket} contact={contact} onClose={drawer.close} />
  );
  return (
    <div className="conversation" ref={frame} data-drawer={contactDrawer ? placement : "closed"}>
      <FileDropZone className="conversation-main" ticketId={ticket.id} enabled={canReply}>
        <TicketHeader
          ticket={ticket}
          contact={contact ?? null}
          drawerOpen={drawer.open}
          onToggleDrawer={drawer.toggle}
          drawerId={drawerId}
        />
        <ConversationHeldNotice ticketId={ticket.id} />
        {/* Over the messages only where it does not fit beside: the header's actions and the composer stay in reach. */}
        <div className="conversation-middle">
          <MessageList ticket={ticket} canReply={canReply} />
          {placement === "over" && contactDrawer}
        </div>
        {canReply ? <MessageInput ticket={ticket} /> : <ReplyGate ticket={ticket} contactName={contactName} />}
      </FileDropZone>
      {placement !== "over" && contactDrawer}
    </div>
  );
}
