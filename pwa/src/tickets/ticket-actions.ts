// The ticket actions of the conversation, local-first: each queues its push mutation
// (core/src/contract/sync.ts) and applies its effect to the replica at once, so the list and
// the header move with no network; a refusal undoes it (sync/optimistic.ts) and says why.
import type { TicketDTO, TicketStatus, UserDTO } from "@chatflow/core/contract/entities.ts";
import type {
  TAcceptTicketArgs,
  TReopenTicketArgs,
  TResolveTicketArgs,
  TTransferTicketArgs,
} from "@chatflow/core/contract/tickets.ts";
import type { ChatflowDb } from "../store/db.ts";
import { queueMutation } from "../sync/optimistic.ts";
import { attendedStatus } from "./ticket-rules.ts";

export type ActionTicket = Pick<TicketDTO, "id" | "status" | "queueId" | "userId" | "isGroup" | "channel">;
export type ActionUser = Pick<UserDTO, "id" | "company">;

const ticketChange = (ticket: ActionTicket, patch: Partial<TicketDTO> | null, now: Date) => ({
  table: "tickets" as const,
  id: ticket.id,
  patch: patch === null ? null : { ...patch, updatedAt: now.toISOString() },
});

/** Pending → open (group for WhatsApp groups) with the user as owner; `queueId` when the ticket has none. */
export function acceptTicket(
  db: ChatflowDb,
  ticket: ActionTicket,
  user: ActionUser,
  queueId?: number | null,
  now = new Date(),
): Promise<number> {
  const args: TAcceptTicketArgs = { ticketId: ticket.id, ...(queueId ? { queueId } : {}) };
  const patch = {
    status: attendedStatus(ticket),
    userId: user.id,
    queueId: queueId ?? ticket.queueId,
    unreadMessages: 0,
  };
  return queueMutation(db, "acceptTicket", args, ticketChange(ticket, patch, now), now);
}

/** Open/group → pending with no owner. */
export function returnTicket(db: ChatflowDb, ticket: ActionTicket, now = new Date()): Promise<number> {
  const patch = { status: "pending" as const, userId: null };
  return queueMutation(db, "returnTicket", { ticketId: ticket.id }, ticketChange(ticket, patch, now), now);
}

export type TransferChoice = {
  queueId: number;
  /** None leaves the ticket waiting in the queue. */
  userId: number | null;
  /** Another connection of the ticket's channel; none keeps the ticket's own. */
  whatsappId: number | null;
  /** The note kept on the ticket as a private message. */
  msgTransfer: string;
};

/** To a queue, and to a user (attended) or none (pending), maybe over another connection. */
export function transferTicket(
  db: ChatflowDb,
  ticket: ActionTicket & Pick<TicketDTO, "whatsappId">,
  choice: TransferChoice,
  now = new Date(),
): Promise<number> {
  const note = choice.msgTransfer.trim();
  const args: TTransferTicketArgs = {
    ticketId: ticket.id,
    queueId: choice.queueId,
    userId: choice.userId,
    ...(choice.whatsappId !== null && choice.whatsappId !== ticket.whatsappId ? { whatsappId: choice.whatsappId } : {}),
    ...(note ? { msgTransfer: note } : {}),
  };
  const patch: Partial<TicketDTO> = {
    queueId: choice.queueId,
    userId: choice.userId,
    status: choice.userId === null ? "pending" : attendedStatus(ticket),
    ...(args.whatsappId ? { whatsappId: args.whatsappId } : {}),
  };
  return queueMutation(db, "transferTicket", args, ticketChange(ticket, patch, now), now);
}

/** Closed, with or without the farewell; with company setting userRating on, an attended ticket waits as nps. */
export function resolveTicket(
  db: ChatflowDb,
  ticket: ActionTicket,
  user: ActionUser,
  sendFarewellMessage: boolean,
  now = new Date(),
): Promise<number> {
  const args: TResolveTicketArgs = { ticketId: ticket.id, sendFarewellMessage };
  const attended = ticket.status === "open" || ticket.status === "group";
  const rating = user.company?.companieSettings?.userRating === "enabled";
  const status: TicketStatus = attended && rating ? "nps" : "closed";
  return queueMutation(db, "resolveTicket", args, ticketChange(ticket, { status }, now), now);
}

/** Pending or lgpd → closed, without farewell. */
export function ignoreTicket(db: ChatflowDb, ticket: ActionTicket, now = new Date()): Promise<number> {
  return queueMutation(
    db,
    "ignoreTicket",
    { ticketId: ticket.id },
    ticketChange(ticket, { status: "closed" }, now),
    now,
  );
}

/** Closed → open (group for groups) with the user as owner; `queueId` when the ticket has none. */
export function reopenTicket(
  db: ChatflowDb,
  ticket: ActionTicket,
  user: ActionUser,
  queueId?: number | null,
  now = new Date(),
): Promise<number> {
  const args: TReopenTicketArgs = { ticketId: ticket.id, ...(queueId ? { queueId } : {}) };
  const patch = { status: attendedStatus(ticket), userId: user.id, queueId: queueId ?? ticket.queueId };
  return queueMutation(db, "reopenTicket", args, ticketChange(ticket, patch, now), now);
}

/** Removes the ticket (admins); its messages stay until the pull confirms, so a refusal brings it all back. */
export function deleteTicket(db: ChatflowDb, ticket: ActionTicket, now = new Date()): Promise<number> {
  return queueMutation(db, "deleteTicket", { ticketId: ticket.id }, ticketChange(ticket, null, now), now);
}
