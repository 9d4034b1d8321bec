// Which ticket actions the conversation offers, and whether a reply may be written: spec 1 §4
// (transition table) and §6 (roles), mirroring core's ticket-policy.ts so the screen offers
// only what the server will take. The server still decides; a refusal rolls back.
import type { TicketDTO, TicketStatus, UserDTO } from "@chatflow/core/contract/entities.ts";

export type TicketAction = "accept" | "returnToQueue" | "transfer" | "resolve" | "ignore" | "reopen" | "delete";

/** What the rules read of the signed-in user. */
export type RulesUser = Pick<UserDTO, "id" | "profile" | "userClosePendingTicket" | "showDashboard" | "allUserChat">;

/** What the rules read of a ticket. */
export type RulesTicket = Pick<TicketDTO, "status" | "userId" | "queueId" | "isGroup" | "channel">;

const isAdmin = (u: RulesUser) => u.profile === "admin";

/** The status a ticket someone attends takes: group for WhatsApp groups, else open (core's attendedStatus). */
export function attendedStatus(ticket: Pick<TicketDTO, "isGroup" | "channel">): TicketStatus {
  return ticket.isGroup && ticket.channel === "whatsapp" ? "group" : "open";
}

const inProgress = (status: TicketStatus) => status === "open" || status === "group";

/** The actions offered for the ticket, in the order the action bar shows them. */
export function ticketActions(ticket: RulesTicket, user: RulesUser): TicketAction[] {
  const actions: TicketAction[] = [];
  const mayIgnore = isAdmin(user) || user.userClosePendingTicket === "enabled";
  switch (ticket.status) {
    case "pending":
      actions.push("accept");
      // Moving waiting tickets between queues is an admin's chore (docs/decisions/0009).
      if (isAdmin(user)) actions.push("transfer");
      // "pending → closed: admins or users with showDashboard".
      if (isAdmin(user) || user.showDashboard === "enabled") actions.push("resolve");
      if (mayIgnore) actions.push("ignore");
      break;
    case "open":
    case "group":
      actions.push("returnToQueue", "transfer", "resolve");
      break;
    case "nps":
      // Waiting for the contact's rating: resolving closes it without the rating.
      actions.push("resolve");
      break;
    case "lgpd":
      if (mayIgnore) actions.push("ignore");
      break;
    case "closed":
      actions.push("reopen");
      break;
  }
  // ticket-options:deleteTicket is an admin permission.
  if (isAdmin(user)) actions.push("delete");
  return actions;
}

/** Resolving offers the farewell choice only where someone attended the ticket. */
export function offersFarewell(ticket: RulesTicket): boolean {
  return inProgress(ticket.status) || ticket.status === "pending";
}

/** Accepting or reopening a ticket without queue asks for one first (spec 1 §4, §5). */
export function needsQueueChoice(ticket: RulesTicket): boolean {
  return ticket.queueId === null;
}

/**
 * A reply may be written only on a ticket someone attends (open or group, with an owner), so a
 * reply never goes out on a waiting ticket with no owner: a pending ticket is accepted first, a
 * closed one reopened. The owner writes; admins and users who may see other users' chats
 * (allUserChat) may step in. Everyone else reads.
 */
export function replyAllowed(ticket: RulesTicket, user: RulesUser | null | undefined): boolean {
  if (!user || !inProgress(ticket.status) || ticket.userId === null) return false;
  return ticket.userId === user.id || isAdmin(user) || user.allUserChat === "enabled";
}

/** Why there is no reply box, for the bar shown in its place. */
export type ReplyGate = "accept" | "reopen" | "attendedByOther" | "waitingContact" | "none";

export function replyGate(ticket: RulesTicket, user: RulesUser | null | undefined): ReplyGate {
  if (replyAllowed(ticket, user)) return "none";
  if (ticket.status === "pending") return "accept";
  if (ticket.status === "closed") return "reopen";
  // nps waits for the contact's rating, lgpd for their consent.
  if (ticket.status === "nps" || ticket.status === "lgpd") return "waitingContact";
  return "attendedByOther";
}
