// The open conversation's actions for the shortcuts and the palette: the same commands the header's bar runs
// (ticket-commands.tsx: the same dialogs, outbox writes and leaving the screen afterwards), for the actions the
// ticket's state and the person's role allow (ticket-rules.ts). Mounted while /tickets/:uuid is open; it
// publishes them in openTicketAtom and renders the dialogs they open (the transfer dialog, the queue choice).
import type { TicketDTO } from "@chatflow/core/contract/entities.ts";
import { useSetAtom } from "jotai";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useSessionUser } from "../auth/use-session-user.ts";
import { useReplicaContact } from "../contacts/contacts-data.ts";
import { useTicketCommands } from "../tickets/ticket-commands.tsx";
import { useTicketByUuid } from "../tickets/tickets-data.ts";
import { toggleContactDrawer } from "./dom-targets.ts";
import { openTicketAtom, type TicketCommandId, ticketCommandIds } from "./shortcuts-state.ts";

export function OpenTicketActions({ uuid }: { uuid: string }) {
  const ticket = useTicketByUuid(uuid);
  const setOpen = useSetAtom(openTicketAtom);
  useEffect(() => () => setOpen(null), [setOpen]);
  if (!ticket) return null;
  return <TicketActions key={ticket.id} ticket={ticket} />;
}

function TicketActions({ ticket }: { ticket: TicketDTO }) {
  const { t } = useTranslation();
  const user = useSessionUser();
  const contact = useReplicaContact(ticket.contactId);
  const contactName = contact?.name ?? t("tickets.unknownContact");
  const commands = useTicketCommands(ticket, contactName);
  const setOpen = useSetAtom(openTicketAtom);
  // The commands change identity on every render; the published runner reads the latest.
  const latest = useRef(commands);
  latest.current = commands;

  const { status, userId, queueId, isGroup, channel } = ticket;
  useEffect(() => {
    if (!user) return setOpen(null);
    const allowed = ticketCommandIds({ status, userId, queueId, isGroup, channel }, user);
    const run = (id: TicketCommandId) => {
      const c = latest.current;
      switch (id) {
        case "accept":
          return c.accept();
        case "reopen":
          return c.reopen();
        case "returnToQueue":
          return c.returnToQueue();
        case "transfer":
          return c.transfer();
        case "resolveFarewell":
          return c.resolve(true);
        case "resolve":
          return c.resolve(false);
        case "ignore":
          return c.ignore();
        case "delete":
          return c.delete();
        case "contactDrawer":
          toggleContactDrawer(document);
          return;
      }
    };
    setOpen({ uuid: ticket.uuid, contactName, ...allowed, run });
  }, [user, ticket.uuid, contactName, status, userId, queueId, isGroup, channel, setOpen]);

  return <>{commands.dialogs}</>;
}
