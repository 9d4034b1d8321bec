// Reads of the local replica for the tickets screen; used through useLiveQuery so
// the screen follows every pull and every local change.
import type { ContactDTO, MessageDTO, QueueDTO, TicketDTO, TicketStatus } from "@chatflow/core/contract/entities.ts";
import { Dexie } from "dexie";
import type { ChatflowDb } from "../store/db.ts";

export type TicketRow = { ticket: TicketDTO; contact: ContactDTO | null; queue: QueueDTO | null };

/** Tickets of one status, most recently updated first, with their contact and queue. */
export async function listTickets(db: ChatflowDb, status: TicketStatus): Promise<TicketRow[]> {
  const tickets = await db.tickets
    .where("[status+updatedAt]")
    .between([status, Dexie.minKey], [status, Dexie.maxKey])
    .reverse()
    .toArray();
  const [contacts, queues] = await Promise.all([
    db.contacts.bulkGet([...new Set(tickets.map((t) => t.contactId))]),
    db.queues.bulkGet([...new Set(tickets.flatMap((t) => (t.queueId === null ? [] : [t.queueId])))]),
  ]);
  const contactById = new Map(contacts.flatMap((c) => (c ? [[c.id, c] as const] : [])));
  const queueById = new Map(queues.flatMap((q) => (q ? [[q.id, q] as const] : [])));
  return tickets.map((ticket) => ({
    ticket,
    contact: contactById.get(ticket.contactId) ?? null,
    queue: ticket.queueId === null ? null : (queueById.get(ticket.queueId) ?? null),
  }));
}

/** The ticket behind /tickets/:uuid, or null when this replica does not hold it. */
export async function ticketByUuid(db: ChatflowDb, uuid: string): Promise<TicketDTO | null> {
  return (await db.tickets.where("uuid").equals(uuid).first()) ?? null;
}

/** A conversation in time order. */
export function messagesOfTicket(db: ChatflowDb, ticketId: number): Promise<MessageDTO[]> {
  return db.messages
    .where("[ticketId+createdAt]")
    .between([ticketId, Dexie.minKey], [ticketId, Dexie.maxKey])
    .toArray();
}
