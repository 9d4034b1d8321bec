// Which conversations the top bar's notifications list (spec 1 §2 Top bar): tickets with
// unread messages that are this user's own open ones, and pending ones when the company
// setting showNotificationPending allows. The same count goes into the page title.
import type { TicketDTO, UserDTO } from "@chatflow/core/contract/entities.ts";

/** spec 3 §3: showNotificationPending is a boolean setting ("true"/"false"). */
export function showsPendingNotifications(user: UserDTO | null): boolean {
  const value = user?.company?.companieSettings?.showNotificationPending;
  return value === "true" || value === "enabled";
}

export function isNotification(ticket: TicketDTO, userId: number, showPending: boolean): boolean {
  if (ticket.unreadMessages <= 0) return false;
  if (ticket.status === "pending") return showPending;
  return (ticket.status === "open" || ticket.status === "group") && ticket.userId === userId;
}

/** Newest first. */
export function notificationTickets(tickets: readonly TicketDTO[], userId: number, showPending: boolean): TicketDTO[] {
  return tickets
    .filter((t) => isNotification(t, userId, showPending))
    .sort((a, b) => (a.updatedAt < b.updatedAt ? 1 : a.updatedAt > b.updatedAt ? -1 : 0));
}

/** Titles count exactly up to this many; beyond, the count is capped and bracketed. */
export const TITLE_COUNT_CAP = 20;

/** The page title with the unread counter: '(3) Chat-flow', and '(20+) Chat-flow' beyond 20. */
export function pageTitle(count: number, appName: string): string {
  if (count <= 0) return appName;
  return count <= TITLE_COUNT_CAP ? `(${count}) ${appName}` : `(${TITLE_COUNT_CAP}+) ${appName}`;
}

/**
 * True when `next` holds news the person should hear: a ticket not seen before with unread
 * messages, or one whose unread count grew. `previous` maps ticket id to its unread count.
 */
export function hasNewMessages(previous: ReadonlyMap<number, number>, next: readonly TicketDTO[]): boolean {
  return next.some((t) => t.unreadMessages > (previous.get(t.id) ?? 0));
}

/**
 * The conversations that started waiting since `seen` was taken (issue 21: the new-ticket toast), newest first.
 * `seen` holds the waiting tickets already known (those waiting when the app opened are not news).
 */
export function newlyWaiting(seen: ReadonlySet<number>, waiting: readonly TicketDTO[]): TicketDTO[] {
  return waiting
    .filter((t) => t.status === "pending" && !seen.has(t.id))
    .sort((a, b) => (a.updatedAt < b.updatedAt ? 1 : a.updatedAt > b.updatedAt ? -1 : b.id - a.id));
}
