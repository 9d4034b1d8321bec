// Reads the conversations the notifications list shows from the local replica.
import type { ContactDTO, TicketDTO } from "@chatflow/core/contract/entities.ts";
import { Dexie } from "dexie";
import type { ChatflowDb } from "../store/db.ts";
import { notificationTickets } from "./notifications.ts";

export type NotificationRow = { ticket: TicketDTO; contact: ContactDTO | undefined };

/** A chain of Dexie promises (no native await): a live query reads it (use-contacts-list.ts says why). */
export function loadNotificationRows(db: ChatflowDb, userId: number, showPending: boolean): Promise<NotificationRow[]> {
  // Only tickets in progress can notify: the status index skips the closed ones, by far the most
  // ('group' to 'pending' in index order also holds lgpd and nps, which the rule then drops).
  return db.tickets
    .where("[status+updatedAt]")
    .between(["group", Dexie.minKey], ["pending", Dexie.maxKey], true, true)
    .filter((t) => t.unreadMessages > 0)
    .toArray()
    .then((inProgress) => {
      const tickets = notificationTickets(inProgress, userId, showPending);
      return db.contacts
        .bulkGet(tickets.map((t) => t.contactId))
        .then((contacts) => tickets.map((ticket, i) => ({ ticket, contact: contacts[i] })));
    });
}
