// The conversation at /tickets/:uuid: header, messages and the reply box.
import { useLiveQuery } from "dexie-react-hooks";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { db } from "../app-services.ts";
import { BackIcon } from "../ui/icons.tsx";
import { Splash } from "../ui/splash.tsx";
import { ConversationHeldNotice } from "./conversation-held-notice.tsx";
import { MessageInput } from "./message-input.tsx";
import { MessageList } from "./message-list.tsx";
import { ticketByUuid } from "./queries.ts";

export function Conversation() {
  const { t } = useTranslation();
  const { uuid = "" } = useParams();
  const ticket = useLiveQuery(() => ticketByUuid(db, uuid), [uuid]);
  const contact = useLiveQuery(
    async () => (ticket ? ((await db.contacts.get(ticket.contactId)) ?? null) : null),
    [ticket?.contactId],
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
  return (
    <div className="conversation">
      <header className="conversation-header">
        <Link to="/tickets" className="icon-button" aria-label={t("tickets.back")}>
          <BackIcon />
        </Link>
        <h2>
          {contact?.name ?? t("tickets.unknownContact")} <span className="ticket-number">#{ticket.id}</span>
        </h2>
      </header>
      <ConversationHeldNotice ticketId={ticket.id} />
      <MessageList ticketId={ticket.id} />
      <MessageInput ticket={ticket} />
    </div>
  );
}
