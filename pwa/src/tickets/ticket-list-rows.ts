// The list item's data (spec 1 §2), from the replica (a ticket and the rows it names) or from
// a page of GET /tickets (a ticket beyond the replica, carrying what it names): one shape.

import type {
  Channel,
  ContactDTO,
  PublicUserDTO,
  QueueDTO,
  TicketDTO,
  UserDTO,
  WhatsappDTO,
} from "@chatflow/core/contract/entities.ts";
import type { TicketListItemDTO } from "@chatflow/core/contract/tickets.ts";
import { Dexie } from "dexie";
import type { CachedTag, ChatflowDb } from "../store/db.ts";

export type TicketListRow = {
  ticket: TicketDTO;
  contact: { name: string; number: string; urlPicture: string | null } | null;
  queue: { name: string; color: string } | null;
  connection: { name: string; channel: Channel } | null;
  owner: { id: number; name: string } | null;
  /** The ticket's tags by name (those this device knows the name of). */
  tags: { id: number; name: string; color: string }[];
  /** Read from core, not held by this device. */
  remote: boolean;
};

const byName = (a: { name: string; id: number }, b: { name: string; id: number }) =>
  a.name.localeCompare(b.name) || a.id - b.id;

/** Replica tickets with their contact, queue, connection, owner and tags, in the given order. */
export function localRows(db: ChatflowDb, tickets: TicketDTO[]): Promise<TicketListRow[]> {
  const ids = <K extends "contactId" | "queueId" | "whatsappId" | "userId">(key: K) => [
    ...new Set(tickets.flatMap((t) => (t[key] === null ? [] : [t[key] as number]))),
  ];
  // Dexie's own promises only: this runs inside live queries (see ticket-list-query.ts).
  return Dexie.Promise.all([
    db.contacts.bulkGet(ids("contactId")),
    db.queues.bulkGet(ids("queueId")),
    db.whatsapps.bulkGet(ids("whatsappId")),
    db.users.bulkGet(ids("userId")),
    db.tags.bulkGet([...new Set(tickets.flatMap((t) => t.tagIds ?? []))]),
  ]).then(([contacts, queues, whatsapps, users, tags]) => joinRows(tickets, contacts, queues, whatsapps, users, tags));
}

function joinRows(
  tickets: TicketDTO[],
  contacts: (ContactDTO | undefined)[],
  queues: (QueueDTO | undefined)[],
  whatsapps: (WhatsappDTO | undefined)[],
  users: (UserDTO | PublicUserDTO | undefined)[],
  tags: (CachedTag | undefined)[],
): TicketListRow[] {
  const index = <T extends { id: number }>(rows: (T | undefined)[]) =>
    new Map(rows.flatMap((r) => (r ? [[r.id, r] as const] : [])));
  const [c, q, w, u, g] = [index(contacts), index(queues), index(whatsapps), index(users), index(tags)];
  return tickets.map((ticket) => {
    const queue = ticket.queueId === null ? undefined : q.get(ticket.queueId);
    const connection = ticket.whatsappId === null ? undefined : w.get(ticket.whatsappId);
    const owner = ticket.userId === null ? undefined : u.get(ticket.userId);
    const contact = c.get(ticket.contactId);
    return {
      ticket,
      contact: contact ? { name: contact.name, number: contact.number, urlPicture: contact.urlPicture } : null,
      queue: queue ? { name: queue.name, color: queue.color } : null,
      connection: connection ? { name: connection.name, channel: connection.channel } : null,
      owner: owner ? { id: owner.id, name: owner.name } : null,
      tags: (ticket.tagIds ?? [])
        .flatMap((id) => {
          const tag = g.get(id);
          return tag ? [{ id, name: tag.name, color: tag.color }] : [];
        })
        .sort(byName),
      remote: false,
    };
  });
}

/** A ticket of a GET /tickets page as a list row. */
export function remoteRow(item: TicketListItemDTO): TicketListRow {
  const { contact, queue, whatsapp, user, tags, userRating, ...rest } = item;
  const ticket: TicketDTO = {
    id: rest.id,
    uuid: rest.uuid,
    status: rest.status,
    channel: rest.channel,
    isGroup: rest.isGroup,
    isBot: rest.isBot,
    contactId: rest.contactId,
    queueId: rest.queueId,
    userId: rest.userId,
    whatsappId: rest.whatsappId,
    unreadMessages: rest.unreadMessages,
    lastMessage: rest.lastMessage,
    companyId: rest.companyId,
    createdAt: rest.createdAt,
    updatedAt: rest.updatedAt,
    tagIds: tags.map((t) => t.id),
    rating: userRating?.rate ?? null,
  };
  return {
    ticket,
    contact: { name: contact.name, number: contact.number, urlPicture: contact.urlPicture },
    queue: queue ? { name: queue.name, color: queue.color } : null,
    connection: whatsapp ? { name: whatsapp.name, channel: whatsapp.channel } : null,
    owner: user,
    tags: [...tags].sort(byName),
    remote: true,
  };
}
