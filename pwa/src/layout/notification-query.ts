// Reads the conversations the notifications list shows from the local replica.
import type { ContactDTO, TicketDTO } from "@chatflow/core/contract/entities.ts";
import { Dexie } from "dexie";
import type { ChatflowDb } from "../store/db.ts";
import { notificationTickets } from "./notifications.ts";

export type NotificationRow = { ticket: TicketDTO; contact: ContactDTO | undefined };

export async function loadNotificationRows(
  db: ChatflowDb,
  userId: number,
  showPending: boolean,
): Promise<NotificationRow[]> {
  // Only tickets in progress can notify: the status index skips the closed ones, by far the most
  // ('group' to 'pending' in index order also holds lgpd and nps, which the rule then drops).
  const inProgress = await db.tickets
    .where("[status+updatedAt]")
    .between(["group", Dexie.minKey], ["pending", Dexie.maxKey], true, true)
    .filter((t) => t.unreadMessages > 0)
    .toArray();
  const tickets = notificationTickets(inProgress, userId, showPending);
  const contacts = await db.contacts.bulkGet(tickets.map((t) => t.contactId));
  return tickets.map((ticket, i) => ({ ticket, contact: contacts[i] }));
}
