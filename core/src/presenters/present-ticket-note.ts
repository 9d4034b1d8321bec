// A ticket note (spec 1 §7 Notes) as the API answers it: the row's columns with its author nested
// (decision 0085: shaped here, not in SQL).
import type { TicketNoteDTO } from "../contract/contacts.ts";
import { namedRef } from "./named-ref.ts";

/** A ticket note row with its joined author as plain columns (null when the join found none). */
export type TicketNoteRow = Omit<TicketNoteDTO, "user"> & {
  authorId: number | null;
  authorName: string | null;
};

export function presentTicketNote(row: TicketNoteRow): TicketNoteDTO {
  return {
    id: row.id,
    note: row.note,
    ticketId: row.ticketId,
    contactId: row.contactId,
    userId: row.userId,
    user: namedRef(row.authorId, row.authorName),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}
