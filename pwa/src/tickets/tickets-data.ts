// The tickets area's data (issue 20: screens call hooks; this file owns the paths and tables). Tickets and
// messages are replicated: the conversation reads the replica (ticket by uuid, its contact, owner, queue and
// connection), every change goes through the outbox (ticket-actions.ts, send-*.ts), and what the replica does
// not hold is fetched from core (older messages, an evicted conversation, contacts beyond the replica).
import type { ContactDTO, MessageDTO, TicketDTO, UserDTO } from "@chatflow/core/contract/entities.ts";
import { Dexie } from "dexie";
import { useLiveQuery } from "dexie-react-hooks";
import { useEffect, useState } from "react";
import { db } from "../app-db.ts";
import { api, sessionDeps } from "../app-services.ts";
import { saveListWidth } from "../layout/save-list-width.ts";
import type { ChatflowDb } from "../store/db.ts";
import { outboxMessageIds } from "../store/outbox.ts";
import { isConversationHeld, restoreConversation } from "../sync/held.ts";
import { sortTags } from "../tags/tag-store.ts";
import { closeAllTickets } from "./close-all.ts";
import {
  addTicketNote,
  blockContact,
  deleteTicketNote,
  setContactTags,
  toggleAcceptAudio,
  toggleDisableBot,
  updateContact,
} from "./contact-actions.ts";
import {
  queueDeleteMessage,
  queueEditMessage,
  queueForwardMessage,
  retryFailedMessage,
} from "./message-view/message-actions.ts";
import { countSince, fetchOlderMessages, latestMessages } from "./message-view/older-messages.ts";
import { ticketByUuid } from "./queries.ts";
import { aheadPage, aheadTicket, readAhead } from "./read-ahead.ts";
import { sendContact } from "./send-contact.ts";
import { sendInteractive } from "./send-interactive.ts";
import { sendMedia } from "./send-media.ts";
import { sendMessage } from "./send-message.ts";
import { sendPoll } from "./send-poll.ts";
import { sendTemplate } from "./send-template.ts";
import {
  acceptTicket,
  deleteTicket,
  ignoreTicket,
  reopenTicket,
  resolveTicket,
  returnTicket,
  transferTicket,
} from "./ticket-actions.ts";
import type { ListViewer, TicketListFilter, TicketTab } from "./ticket-list-filter.ts";
import { useTicketList } from "./use-ticket-list.ts";

/** The replica's ticket with this uuid; null when not held, undefined while reading. */
export function useTicketByUuid(uuid: string): TicketDTO | null | undefined {
  return useLiveQuery(() => ticketByUuid(db, uuid), [uuid], aheadTicket(uuid));
}

/** Reads the conversation at `uuid` ahead of its route (a press on its row in the list, read-ahead.ts). */
export function readConversationAhead(uuid: string): void {
  void readAhead(uuid, {
    ticket: (u) => ticketByUuid(db, u),
    page: (ticketId, limit) => latestMessages(db, ticketId, limit),
  });
}

/** Whether the replica holds the ticket with this uuid (the person may see it); undefined while reading. */
export function useTicketHeld(uuid: string): boolean | undefined {
  return useLiveQuery(async () => (uuid ? (await db.tickets.where("uuid").equals(uuid).count()) > 0 : false), [uuid]);
}

/** Whether this device holds the ticket's conversation; undefined while it is being read. */
export function useConversationHeld(ticketId: number): boolean | undefined {
  return useLiveQuery(() => isConversationHeld(db, ticketId), [ticketId]);
}

/**
 * Fetches a conversation this device does not hold (evicted, or not brought by the first pull yet) while online;
 * answers whether that fetch failed.
 */
export function useRestoreConversation(ticketId: number, held: boolean | undefined, online: boolean): boolean {
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (held !== false || !online) return;
    setFailed(false);
    let cancelled = false;
    restoreConversation({ db, api }, ticketId).catch(() => {
      if (!cancelled) setFailed(true);
    });
    return () => {
      cancelled = true;
    };
  }, [held, online, ticketId]);
  return failed;
}

/** What the ticket list's filters choose among: the kept tags by name, the users, connections and queues. */
export function useTicketFilterChoices() {
  // One chain of Dexie promises: a native Promise.all would lose the live query's zone (use-contacts-list.ts).
  return useLiveQuery(
    () =>
      Dexie.Promise.all([db.tags.toArray(), db.users.toArray(), db.whatsapps.toArray(), db.queues.toArray()]).then(
        ([tags, users, whatsapps, queues]) => ({ tags: sortTags(tags), users, whatsapps, queues }),
      ),
    [],
  );
}

/** The ticket list of a tab: the replica's tickets, completed by core's pages when online (use-ticket-list.ts). */
export function useTickets(
  viewer: ListViewer,
  tabs: readonly TicketTab[],
  tab: TicketTab,
  filter: TicketListFilter,
  online: boolean,
) {
  return useTicketList(db, api, viewer, tabs, tab, filter, online);
}

/** Saves the ticket list's width to the user's record and keeps the session user in step. */
export function saveTicketListWidth(user: UserDTO, width: number): Promise<UserDTO> {
  return saveListWidth(
    { api, db, setUser: (u) => sessionDeps.setState({ status: "authenticated", user: u }) },
    user,
    width,
  );
}

/** A write of the area bound to this device's replica (the functions take the store first, for their tests). */
const onReplica =
  <A extends unknown[], R>(write: (store: ChatflowDb, ...args: A) => R) =>
  (...args: A): R =>
    write(db, ...args);

/** The ticket's outbox actions (ticket-actions.ts): each queues one mutation with its optimistic change. */
const ticketWrites = {
  accept: onReplica(acceptTicket),
  reopen: onReplica(reopenTicket),
  transfer: onReplica(transferTicket),
  returnToQueue: onReplica(returnTicket),
  resolve: onReplica(resolveTicket),
  ignore: onReplica(ignoreTicket),
  remove: onReplica(deleteTicket),
  closeAll: onReplica(closeAllTickets),
};

export function useTicketWrites() {
  return ticketWrites;
}

/** The contact drawer's outbox writes (contact-actions.ts). */
const contactWrites = {
  block: onReplica(blockContact),
  toggleDisableBot: onReplica(toggleDisableBot),
  toggleAcceptAudio: onReplica(toggleAcceptAudio),
  update: onReplica(updateContact),
  setTags: onReplica(setContactTags),
  addNote: onReplica(addTicketNote),
  deleteNote: onReplica(deleteTicketNote),
};

export function useContactWrites() {
  return contactWrites;
}

/** The messages written from a conversation: each is shown at once and sent through the outbox. */
const messageWrites = {
  send: onReplica(sendMessage),
  sendMedia: onReplica(sendMedia),
  sendContact: onReplica(sendContact),
  sendPoll: onReplica(sendPoll),
  sendInteractive: onReplica(sendInteractive),
  sendTemplate: onReplica(sendTemplate),
  edit: onReplica(queueEditMessage),
  remove: onReplica(queueDeleteMessage),
  forward: onReplica(queueForwardMessage),
  retry: onReplica(retryFailedMessage),
};

export function useMessageWrites() {
  return messageWrites;
}

/**
 * The stores of the composer's dialogs that take them as props (the contact card's and the template picker's
 * own tests give theirs): this device's replica and core's API.
 */
export const dialogStores = { db, api };

/** The newest `limit` messages of a ticket in the replica (and whether older ones are held); undefined while reading. */
export function useMessageWindow(ticketId: number, limit: number) {
  return useLiveQuery(() => latestMessages(db, ticketId, limit), [ticketId, limit], aheadPage(ticketId, limit));
}

/** The ids of the messages still waiting in the outbox (shown with the clock). */
export function useQueuedMessageIds(): Set<string> {
  return useLiveQuery(() => outboxMessageIds(db), [], new Set<string>());
}

/** The replica's messages with these ids (quoted messages beyond the window), by id; undefined while reading. */
export function useMessagesById(ids: string[]): Map<string, MessageDTO> | undefined {
  return useLiveQuery(
    async () => new Map((await db.messages.bulkGet(ids)).flatMap((m) => (m ? [[m.id, m] as const] : []))),
    [ids.join(",")],
  );
}

/** Fetches the page of messages older than `oldest` from core into the replica. */
export function fetchOlderTicketMessages(ticketId: number, oldest: MessageDTO | null) {
  return fetchOlderMessages(db, api, ticketId, oldest);
}

/** A quoted message of this ticket and how many messages are newer than it; null when the replica lacks it. */
export async function findQuotedMessage(id: string, ticketId: number): Promise<{ newer: number } | null> {
  const quoted = await db.messages.get(id);
  if (!quoted || quoted.ticketId !== ticketId) return null;
  return { newer: await countSince(db, ticketId, quoted.createdAt) };
}

/** The contact of a contact card message as core finds or adds it (POST /messages/{id}/contact-card). */
export function contactOfCard(messageId: string): Promise<ContactDTO> {
  return api.post<ContactDTO>(`/messages/${messageId}/contact-card`);
}

/** The replica's stored contact (not one waiting to be created) with this whole number. */
export function findContactByNumber(number: string): Promise<ContactDTO | undefined> {
  return db.contacts
    .where("id")
    .above(0)
    .filter((c) => c.number === number)
    .first();
}
