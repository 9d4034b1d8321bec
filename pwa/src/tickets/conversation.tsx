// The conversation at /tickets/:uuid: header (with the action bar), messages, the reply box
// where a reply is allowed (else what to do instead), and the contact drawer beside it.
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { useSessionUser } from "../auth/use-session-user.ts";
import { useReplicaContact } from "../contacts/contacts-data.ts";
import { Splash } from "../ui/splash.tsx";
import { ContactDrawer } from "./contact-drawer.tsx";
import { ConversationHeldNotice } from "./conversation-held-notice.tsx";
import { FileDropZone } from "./drop-zone.tsx";
import { MessageInput } from "./message-input.tsx";
import { MessageList } from "./message-list.tsx";
import { ReplyGate } from "./reply-gate.tsx";
import { TicketHeader } from "./ticket-header.tsx";
import "./ticket-header.css";
import { replyAllowed } from "./ticket-rules.ts";
import { useTicketByUuid } from "./tickets-data.ts";

export function Conversation() {
  const { t } = useTranslation();
  const { uuid = "" } = useParams();
  const user = useSessionUser();
  const drawerId = useId();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const ticket = useTicketByUuid(uuid);
  const contact = useReplicaContact(ticket?.contactId ?? null);

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
  return (
    <div className="conversation">
      <FileDropZone className="conversation-main" ticketId={ticket.id} enabled={canReply}>
        <TicketHeader
          ticket={ticket}
          contact={contact ?? null}
          drawerOpen={drawerOpen}
          onToggleDrawer={() => setDrawerOpen((open) => !open)}
          drawerId={drawerId}
        />
        <ConversationHeldNotice ticketId={ticket.id} />
        <MessageList ticket={ticket} canReply={canReply} />
        {canReply ? <MessageInput ticket={ticket} /> : <ReplyGate ticket={ticket} contactName={contactName} />}
      </FileDropZone>
      {drawerOpen && contact && (
        <ContactDrawer id={drawerId} ticket={ticket} contact={contact} onClose={() => setDrawerOpen(false)} />
      )}
    </div>
  );
}
