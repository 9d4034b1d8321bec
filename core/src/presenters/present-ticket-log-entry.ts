// One entry of a ticket's timeline (GET /tickets-log/{ticketId}) as the API answers it: the row's columns with
// its user and queue nested (decision 0085: shaped here, not in SQL).
import type { TicketLogEntryDTO } from "../contract/tickets.ts";
import { namedRef } from "./named-ref.ts";

/** A ticket log row with its joined user and queue as plain columns (null when the join found none). */
export type TicketLogEntryRow = {
  id: number;
  type: string;
  createdAt: string;
  joinedUserId: number | null;
  joinedUserName: string | null;
  joinedQueueId: number | null;
  joinedQueueName: string | null;
};

export function presentTicketLogEntry(row: TicketLogEntryRow): TicketLogEntryDTO {
  return {
    id: row.id,
    type: row.type,
    createdAt: row.createdAt,
    user: namedRef(row.joinedUserId, row.joinedUserName),
    queue: namedRef(row.joinedQueueId, row.joinedQueueName),
  };
}
